import { describe, expect, it } from "vitest";
import { enquiryName, enquiryReply, relativeTime, whatsappNumber } from "./enquiry-format";

describe("whatsappNumber", () => {
  it("reads a number without a country code as Indian", () => {
    expect(whatsappNumber("98765 43210")).toBe("919876543210");
    expect(whatsappNumber("098765-43210")).toBe("919876543210");
    expect(whatsappNumber("(98765) 43210")).toBe("919876543210");
  });
  it("keeps a country code that was typed", () => {
    expect(whatsappNumber("+91 98765 43210")).toBe("919876543210");
    expect(whatsappNumber("+971 50 123 4567")).toBe("971501234567");
    expect(whatsappNumber("0091 98765 43210")).toBe("919876543210");
    expect(whatsappNumber("919876543210")).toBe("919876543210");
  });
});

describe("enquiryReply", () => {
  it("names the package when there is one", () => {
    expect(enquiryReply("Asha", "Bali 7D/6N")).toContain("the Bali 7D/6N package");
    expect(enquiryReply("Asha", null)).toBe("Hello Asha, this is Pravas. Thank you for your enquiry. When would be a good time to talk?");
  });
});

describe("relativeTime", () => {
  const now = "2026-11-23T10:00:00.000Z";
  it("says how long ago, against the loader's clock", () => {
    expect(relativeTime("2026-11-23T09:59:30.000Z", now)).toBe("just now");
    expect(relativeTime("2026-11-23T09:55:00.000Z", now)).toBe("5 minutes ago");
    expect(relativeTime("2026-11-23T07:00:00.000Z", now)).toBe("3 hours ago");
    expect(relativeTime("2026-11-22T10:00:00.000Z", now)).toBe("yesterday");
    expect(relativeTime("2026-09-20T10:00:00.000Z", now)).toBe("2 months ago");
  });
});

describe("enquiryName", () => {
  it("names the enquirer and the package", () => {
    expect(enquiryName({ name: "Asha Rao", source: "package-enquiry", packageTitle: "Bali" })).toBe("Asha Rao’s enquiry about Bali");
    expect(enquiryName({ name: "Ravi", source: "popup", packageTitle: null })).toBe("Ravi’s call-back request");
    expect(enquiryName({ name: "Thomas", source: "contact", packageTitle: null })).toBe("Thomas’ contact message");
  });
});
