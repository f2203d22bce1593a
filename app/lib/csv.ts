/**
 * CSV for spreadsheets (RFC 4180): fields quoted when they hold a comma, a
 * quote or a line break, quotes doubled, CRLF between records, and a UTF-8
 * byte-order mark so Excel reads the text as UTF-8.
 *
 * A cell starting with =, +, -, @, a tab or a carriage return would run as a
 * formula in Excel, LibreOffice or Google Sheets (CSV injection): it gets a
 * leading apostrophe, which spreadsheets show as text.
 */
export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== String(value) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: (string | number | null | undefined)[]): string {
  return cells.map(csvCell).join(",");
}

/** A whole file: BOM, header row, records, each line ending in CRLF. */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return CSV_BOM + [header, ...rows].map((row) => `${csvRow(row)}\r\n`).join("");
}
