/** Texts and fields of the contact form, shared by the page, its action and the API (spec §4, §8). */
export const CONTACT_SENT = "Message sent successfully!";
export const CONTACT_FAILED = "Something went wrong. Please try again.";
export const CONTACT_INVALID = "Please correct the highlighted fields.";

export const CONTACT_FIELDS = ["firstName", "lastName", "email", "phone", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

export const EMPTY_CONTACT: ContactValues = { firstName: "", lastName: "", email: "", phone: "", message: "" };

/** The typed values from a posted body, so a failed send can show them again. */
export function contactValuesFrom(body: Record<string, unknown> | null): ContactValues {
  const values = { ...EMPTY_CONTACT };
  for (const field of CONTACT_FIELDS) {
    const value = body?.[field];
    if (typeof value === "string") values[field] = value.slice(0, 5000);
  }
  return values;
}
