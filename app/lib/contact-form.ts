/** Texts and fields of the contact form, shared by the page, its action and the API (spec §4, §8). */
export const CONTACT_SENT = "Message sent successfully!";
export const CONTACT_FAILED = "Something went wrong. Please try again.";
export const CONTACT_INVALID = "Please correct the highlighted fields.";

export const CONTACT_FIELDS = ["firstName", "lastName", "email", "phone", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
