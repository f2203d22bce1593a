/**
 * Enquiries live in two tables (leads, contact_messages); the inbox names each
 * one by a stable key: "lead-12" or "contact-5". Anything else is no enquiry.
 */
export type EnquiryKind = "lead" | "contact";
export type EnquiryRef = { kind: EnquiryKind; id: number };

const KEY = /^(lead|contact)-([1-9]\d{0,9})$/;
const MAX_SERIAL = 2_147_483_647;

export function enquiryKey(ref: EnquiryRef): string {
  return `${ref.kind}-${ref.id}`;
}

export function parseEnquiryKey(value: unknown): EnquiryRef | null {
  if (typeof value !== "string") return null;
  const match = KEY.exec(value);
  if (!match) return null;
  const id = Number(match[2]);
  if (id > MAX_SERIAL) return null;
  return { kind: match[1] as EnquiryKind, id };
}
