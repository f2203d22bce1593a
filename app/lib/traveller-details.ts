import { checkPan } from "./tax-ids";
import { formatTourDate } from "./tour-format";
/**
 * A traveller's details on the trip page (issue 48, ADR 108): the fields, and
 * the one check of each, shared by the page (messages beside the field) and
 * the server (which checks again before anything is stored). Dates are ISO
 * calendar dates ("2026-11-29"); `today` is the Indian date.
 */

export const DETAIL_FIELDS = [
  "passportName",
  "dateOfBirth",
  "passportNumber",
  "passportIssuedOn",
  "passportExpiresOn",
  "pan",
  "food",
  "medical",
  "emergencyContact",
] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export const isDetailField = (value: unknown): value is DetailField => (DETAIL_FIELDS as readonly unknown[]).includes(value);

/** Only for trips abroad. */
export const PASSPORT_FIELDS: readonly DetailField[] = ["passportNumber", "passportIssuedOn", "passportExpiresOn"];
/** Sealed at rest (AES-256-GCM), shown masked, never in logs, exports or e-mails. */
export const SEALED_FIELDS: readonly DetailField[] = ["passportNumber", "pan"];

export const DETAIL_LABELS: Record<DetailField, string> = {
  passportName: "Full name as on the passport",
  dateOfBirth: "Date of birth",
  passportNumber: "Passport number",
  passportIssuedOn: "Passport issued on",
  passportExpiresOn: "Passport expires on",
  pan: "PAN (for TCS)",
  food: "Food preferences",
  medical: "Medical notes",
  emergencyContact: "Emergency contact (name and phone)",
};

/** A field's label on a given trip: within India no passport is asked, so the name is the one on a photo ID. */
export const detailLabel = (field: DetailField, overseas: boolean) =>
  field === "passportName" && !overseas ? "Full name as on a photo ID" : DETAIL_LABELS[field];

const MAX_CHARS: Record<DetailField, number> = {
  passportName: 100,
  dateOfBirth: 10,
  passportNumber: 12,
  passportIssuedOn: 10,
  passportExpiresOn: 10,
  pan: 10,
  food: 200,
  medical: 1000,
  emergencyContact: 200,
};

const PASSPORT_PATTERN = /^[A-Z0-9]{6,12}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const isRealDate = (iso: string) => {
  if (!ISO_DATE.test(iso)) return false;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso;
};

/** `iso` plus `months` calendar months (the 6-month passport rule). */
export function addMonths(iso: string, months: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** The other stored values a field is checked against, and the trip's dates. */
export type DetailContext = {
  today: string;
  returnDate: string;
  dateOfBirth?: string | null;
  passportIssuedOn?: string | null;
  passportExpiresOn?: string | null;
};

export type DetailCheck = { ok: true; value: string; warning?: string } | { ok: false; error: string };

/** Normalises and checks one field as typed; "" clears it. */
export function checkDetailField(field: DetailField, typed: string, ctx: DetailContext): DetailCheck {
  let value = typed.replace(/\s+/g, " ").trim();
  if (field === "passportNumber" || field === "pan") value = value.replace(/[\s-]/g, "").toUpperCase();
  if (value.length > MAX_CHARS[field]) return { ok: false, error: `At most ${MAX_CHARS[field]} characters.` };
  if (value === "") return { ok: true, value };
  switch (field) {
    case "passportName":
      if (!/^[\p{L}][\p{L}\p{M} .'-]*$/u.test(value))
        return { ok: false, error: "Write the name as on the passport or photo ID: letters, spaces, dots, hyphens and apostrophes." };
      return { ok: true, value };
    case "dateOfBirth":
      if (!isRealDate(value)) return { ok: false, error: "Enter a date as on the calendar." };
      if (value > ctx.today) return { ok: false, error: "The date of birth cannot be in the future." };
      if (value < "1900-01-01") return { ok: false, error: "Check the year: the date of birth is before 1900." };
      return { ok: true, value };
    case "passportNumber":
      if (!PASSPORT_PATTERN.test(value))
        return { ok: false, error: "A passport number is 6 to 12 letters and digits (an Indian one: a letter and 7 digits, e.g. K1234567)." };
      return { ok: true, value };
    case "passportIssuedOn":
      if (!isRealDate(value)) return { ok: false, error: "Enter a date as on the calendar." };
      if (value > ctx.today) return { ok: false, error: "The issue date cannot be in the future." };
      if (ctx.dateOfBirth && value < ctx.dateOfBirth) return { ok: false, error: "The passport cannot be issued before the date of birth." };
      if (ctx.passportExpiresOn && value >= ctx.passportExpiresOn) return { ok: false, error: "The issue date must be before the expiry date." };
      return { ok: true, value };
    case "passportExpiresOn": {
      if (!isRealDate(value)) return { ok: false, error: "Enter a date as on the calendar." };
      if (ctx.passportIssuedOn && value <= ctx.passportIssuedOn) return { ok: false, error: "The expiry date must be after the issue date." };
      if (ctx.passportIssuedOn && value > addMonths(ctx.passportIssuedOn, 12 * 20))
        return { ok: false, error: "A passport is valid for at most 20 years: check the dates." };
      if (value < ctx.today) return { ok: false, error: "This passport has expired: renew it before the trip, then enter the new one." };
      const limit = addMonths(ctx.returnDate, 6);
      if (value < limit) return { ok: true, value, warning: passportWarning(ctx.returnDate) };
      return { ok: true, value };
    }
    case "pan": {
      // The billing details' check (ADR 092), so a PAN the trip page takes can be used for TCS as it is.
      const check = checkPan(value);
      return check.ok ? { ok: true, value: check.pan } : { ok: false, error: check.message };
    }
    default:
      return { ok: true, value };
  }
}

/** Most countries refuse entry on a passport valid for less than 6 months after the return. */
export const passportWarning = (returnDate: string) =>
  `This passport expires within 6 months of your return (${formatTourDate(returnDate)}): many countries refuse entry then. Renew it before the trip.`;

/** The warning for a stored expiry date, if any. */
export const expiryWarning = (expiresOn: string | null | undefined, returnDate: string) =>
  expiresOn && expiresOn < addMonths(returnDate, 6) ? passportWarning(returnDate) : undefined;

/**
 * The notice is a legal page (ADR 117): edited on the legal pages screen, with
 * its history, never shown at /legal/… nor in the sitemap; the trip page shows
 * it above the consent box. Seeded with DEFAULT_DETAILS_NOTICE, which is also
 * what the page shows if the row is missing.
 */
export const DETAILS_NOTICE_SLUG = "trip-page-notice";

export const DEFAULT_DETAILS_NOTICE =
  "We collect each traveller's name as on the passport (within India, as on a photo ID), date of birth, passport number and dates and PAN (trips abroad: the PAN for the tax collected at source), food preferences, medical notes and an emergency contact, only to book your flights, hotels and visas, to file the tax collected at source, and to look after you on the trip. Passport numbers and PANs are encrypted and only our team sees them. We delete these details when your booking's personal data is deleted under our retention period, or earlier if you ask us.";

/** A traveller's stored details as the "details missing" message reads them (only whether each is given). */
export type GivenDetails = {
  passportName?: string | null;
  dateOfBirth?: string | null;
  passportNumberLast4?: string | null;
  passportIssuedOn?: string | null;
  passportExpiresOn?: string | null;
  emergencyContact?: string | null;
};

/**
 * The details the trip page asks of every traveller before departure and this
 * one has not given (issue 48): the name as on the passport, the date of birth
 * and an emergency contact; on trips abroad the passport's number and dates.
 * Food, medical notes and PAN are asked but not chased: they may rightly be empty.
 */
export function missingDetails(given: GivenDetails | undefined, overseas: boolean): DetailField[] {
  const wanted: [DetailField, unknown][] = [
    ["passportName", given?.passportName],
    ["dateOfBirth", given?.dateOfBirth],
    ...(overseas
      ? ([
          ["passportNumber", given?.passportNumberLast4],
          ["passportIssuedOn", given?.passportIssuedOn],
          ["passportExpiresOn", given?.passportExpiresOn],
        ] as [DetailField, unknown][])
      : []),
    ["emergencyContact", given?.emergencyContact],
  ];
  return wanted.filter(([, value]) => typeof value !== "string" || value.trim() === "").map(([field]) => field);
}
