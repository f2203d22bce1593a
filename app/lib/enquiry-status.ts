/**
 * The enquiry pipeline shared by the inbox, its filters, the CSV and the
 * schema: New → Contacted → Converted or Closed, and Spam.
 */
export const ENQUIRY_STATUSES = ["new", "contacted", "converted", "closed", "spam"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: "New",
  contacted: "Contacted",
  converted: "Converted",
  closed: "Closed",
  spam: "Spam",
};

export function isEnquiryStatus(value: unknown): value is EnquiryStatus {
  return typeof value === "string" && (ENQUIRY_STATUSES as readonly string[]).includes(value);
}

/** Where an enquiry came from: the lead popup, a package page's form, a seat request on a departure (ADR 059), or the contact page. */
export const ENQUIRY_SOURCES = ["popup", "package-enquiry", "seat-request", "contact"] as const;
export type EnquirySource = (typeof ENQUIRY_SOURCES)[number];

export const SOURCE_LABELS: Record<EnquirySource, string> = {
  popup: "Call-back popup",
  "package-enquiry": "Package enquiry",
  "seat-request": "Seat request",
  contact: "Contact form",
};

export function isEnquirySource(value: unknown): value is EnquirySource {
  return typeof value === "string" && (ENQUIRY_SOURCES as readonly string[]).includes(value);
}

/** Statuses the optional retention setting deletes after N months. */
export const RETAINABLE_STATUSES: readonly EnquiryStatus[] = ["closed", "spam"];

/** Longest note the team can add to an enquiry (form attribute and schema). */
export const NOTE_MAX = 2000;
