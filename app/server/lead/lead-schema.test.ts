import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/server/forms/form-input.server";
import { popupLeadSchema } from "./lead-schema";

describe("popupLeadSchema", () => {
  it("accepts any non-empty name and phone, trimmed", () => {
    expect(popupLeadSchema.parse({ name: "  Asha ", phone: " call me at 98765 " })).toEqual({
      name: "Asha",
      phone: "call me at 98765",
    });
  });

  it("names each missing or blank field", () => {
    const result = popupLeadSchema.safeParse({ name: "   " });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      name: "Please enter your name.",
      phone: "Please enter your phone number.",
    });
  });

  it("rejects non-text values and over-long input", () => {
    const result = popupLeadSchema.safeParse({ name: 42, phone: "9".repeat(31) });
    expect(fieldErrors(result.error!)).toEqual({
      name: "Please enter your name.",
      phone: "Please keep your phone number under 30 characters.",
    });
  });
});
