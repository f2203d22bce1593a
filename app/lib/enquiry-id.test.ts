import { describe, expect, it } from "vitest";
import { enquiryKey, parseEnquiryKey } from "./enquiry-id";

describe("enquiry keys", () => {
  it("reads lead-N and contact-N", () => {
    expect(parseEnquiryKey("lead-12")).toEqual({ kind: "lead", id: 12 });
    expect(parseEnquiryKey("contact-5")).toEqual({ kind: "contact", id: 5 });
    expect(enquiryKey({ kind: "contact", id: 5 })).toBe("contact-5");
  });
  it("refuses everything else, including ids a serial column cannot hold", () => {
    for (const bad of ["12", "lead-0", "lead-012", "lead-", "lead-1x", "Lead-1", "leads-1", "contact-2147483648", "lead-99999999999", "lead-1 ", "", null, 3]) {
      expect(parseEnquiryKey(bad)).toBeNull();
    }
    expect(parseEnquiryKey("lead-2147483647")).toEqual({ kind: "lead", id: 2147483647 });
  });
});
