/**
 * Text that ends up in a spreadsheet (the enquiry export, the `sheet` and
 * `form` webhooks the old site's Google Apps Script appends as rows) must never
 * run there as a formula (CSV injection): Excel, LibreOffice and Google Sheets
 * run a cell that starts with = + - @ (or a tab or CR before one), and a cell
 * opened with another separator than ours (`;` in much of Europe, or a tab)
 * starts again after each one. ADR 035 gives the reasoning.
 */

/** Characters that start a formula, at a cell's start or after a separator or line break. */
const FORMULA_AT_START = /^[=+\-@\t\r]/;
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n])([=+\-@])/g;

/** A phone number as the forms accept it: digits and spaces, one leading +. It cannot name a function or a cell. */
const PLAIN_PHONE = /^\+?\d[\d ]{4,24}$/;

/**
 * The text with every place a formula could start made inert: a leading
 * apostrophe (which spreadsheets treat as "this is text"), and one before any
 * = + - @ that follows a separator. Ordinary text is returned unchanged.
 */
export function inertSpreadsheetText(text: string): string {
  let safe = text.replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
  if (FORMULA_AT_START.test(safe)) safe = `'${safe}`;
  return safe;
}

/**
 * A phone number for a spreadsheet: a plain one (`+91 98765 43210`) is kept as
 * it reads, without an apostrophe a person would see; anything else a visitor
 * typed into the popup's free phone field is made inert like other text.
 */
export function spreadsheetPhone(phone: string): string {
  return PLAIN_PHONE.test(phone) ? phone : inertSpreadsheetText(phone);
}

/** A moment as a spreadsheet reads it, in Indian time: `2026-11-24 06:15` (Excel and Sheets parse it as a date). */
export function spreadsheetIndiaTime(moment: Date | string): string {
  const date = typeof moment === "string" ? new Date(moment) : moment;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Kolkata",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
