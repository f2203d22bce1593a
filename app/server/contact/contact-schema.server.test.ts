import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/server/forms/form-input.server";
import { contactSchema } from "./contact-schema.server";

const valid = { firstName: " Asha ", lastName: "Verma", email: " asha@example.com ", phone: "+91 98200 12345", message: "Bali in March?" };

function errorsOf(input: Record<string, unknown>) {
  const result = contactSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe("contactSchema", () => {
  it("accepts a complete message and trims it", () => {
    expect(contactSchema.parse(valid)).toEqual({
      firstName: "Asha",
      lastName: "Verma",
      email: "asha@example.com",
      phone: "+91 98200 12345",
      message: "Bali in March?",
    });
  });

  it("requires all five fields", () => {
    expect(errorsOf({})).toEqual({
      firstName: "Please enter your first name.",
      lastName: "Please enter your last name.",
      email: "Please enter your e-mail address.",
      phone: "Please enter your phone number.",
      message: "Please enter your message.",
    });
    expect(errorsOf({ ...valid, firstName: "   " })).toEqual({ firstName: "Please enter your first name." });
  });

  it("checks the e-mail and phone formats", () => {
    expect(errorsOf({ ...valid, email: "asha@" })).toEqual({ email: "Please enter a valid e-mail address." });
    expect(errorsOf({ ...valid, phone: "call me" })).toEqual({ phone: "Please enter a valid phone number." });
    expect(errorsOf({ ...valid, phone: "12345" })).toEqual({ phone: "Please enter a valid phone number." });
    expect(errorsOf({ ...valid, phone: "(020) 2345-6789" })).toEqual({});
  });

  it("bounds the lengths", () => {
    expect(errorsOf({ ...valid, message: "x".repeat(5001) })).toEqual({ message: "Please keep this under 5000 characters." });
  });
});
