import { describe, expect, it } from "vitest";
import { formatPhone, toE164 } from "./phone";

describe("toE164", () => {
  it.each([
    ["+91 98450 12345", "+919845012345"],
    ["98450 12345", "+919845012345"],
    ["098450-12345", "+919845012345"],
    ["919845012345", "+919845012345"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("reads %s as %s", (typed, e164) => expect(toE164(typed)).toBe(e164));

  it.each(["12345", "+91 12345", "phone me", "+0 1234 5678", "9845012345678", ""])("refuses %s", (typed) => expect(toE164(typed)).toBeNull());
});

describe("formatPhone", () => {
  it("groups an Indian number 5 + 5 and leaves others as stored", () => {
    expect(formatPhone("+919845012345")).toBe("+91 98450 12345");
    expect(formatPhone("+442079460958")).toBe("+442079460958");
  });
});
