/**
 * Bounds of the package enquiry form, shared by the form's HTML attributes and
 * the server's Zod schema (app/server/lead/package-enquiry.server.ts) so they agree.
 */
export const ENQUIRY_LIMITS = {
  nameMax: 80,
  phoneMax: 20,
  emailMax: 200,
  travellersMin: 1,
  travellersMax: 50,
  messageMax: 1000,
} as const;

/** The value of the preferred-month select when the traveller has no month in mind. */
export const FLEXIBLE_MONTH = "";

/** What the visitor reads once an enquiry is stored (page notice and API answer). */
export const ENQUIRY_SENT_MESSAGE = "Thank you! Your enquiry has been sent. Our team will call you back shortly.";
