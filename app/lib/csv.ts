import { inertSpreadsheetText } from "./spreadsheet-text";

/**
 * CSV for spreadsheets (RFC 4180): a field is quoted when it holds a quote, a
 * line break or any character a spreadsheet may split cells at (`,` `;` tab),
 * quotes doubled, CRLF between records, and a UTF-8 byte-order mark so Excel
 * reads the text as UTF-8. Text that could run as a formula is made inert
 * (spreadsheet-text.ts); a `CsvVerbatim` value (a phone number already judged
 * safe, a formatted date) is written as it is.
 */
export const CSV_BOM = "\uFEFF";

export type CsvVerbatim = { verbatim: string };
export type CsvValue = string | number | null | undefined | CsvVerbatim;

/** A value already judged safe to write as it reads (spreadsheetPhone, spreadsheetIndiaTime). */
export const verbatim = (text: string): CsvVerbatim => ({ verbatim: text });

const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "object" ? value.verbatim : typeof value === "number" ? String(value) : inertSpreadsheetText(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvRow(cells: CsvValue[]): string {
  return cells.map(csvCell).join(",");
}

/** A whole file: BOM, header row, records, each line ending in CRLF. */
export function toCsv(header: string[], rows: CsvValue[][]): string {
  return CSV_BOM + [header, ...rows].map((row) => `${csvRow(row)}\r\n`).join("");
}
