import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { toCsv, verbatim, type CsvValue } from "~/lib/csv";
import type { InboxFilters, InboxRow } from "~/lib/enquiry-inbox";
import { SOURCE_LABELS, STATUS_LABELS } from "~/lib/enquiry-status";
import { spreadsheetIndiaTime, spreadsheetPhone } from "~/lib/spreadsheet-text";
import { followUpsFor } from "./follow-up.server";
import { exportNotes, listInboxForExport } from "./inbox.server";

/**
 * The inbox export (issue 23, ADR 047): one list of columns, written as CSV or
 * as an Excel workbook. A column says what its cells are, and each format
 * writes that kind its own way:
 *  - time: CSV `2026-11-24 06:15` (Indian time); .xlsx a real date cell (Indian wall time);
 *  - phone: CSV as typed when it is a plain number (spreadsheetPhone), else inert; .xlsx a text cell;
 *  - text: CSV made inert (csv.ts); .xlsx a text cell, which a spreadsheet never runs;
 *  - number: a number in both.
 */
type Cell =
  | { kind: "time"; value: Date | null }
  | { kind: "phone"; value: string }
  | { kind: "text"; value: string | null }
  | { kind: "number"; value: number | null };

type ExportRow = InboxRow & { notes: string; followUpAt: Date | null };

type Column = { header: string; /** Excel width in characters. */ width: number; cell: (row: ExportRow) => Cell };

const text = (value: string | null): Cell => ({ kind: "text", value });

const EXPORT_COLUMNS: Column[] = [
  { header: "Received (IST)", width: 17, cell: (row) => ({ kind: "time", value: new Date(row.createdAt) }) },
  { header: "Source", width: 16, cell: (row) => text(SOURCE_LABELS[row.source]) },
  { header: "Name", width: 24, cell: (row) => text(row.name) },
  { header: "Phone", width: 17, cell: (row) => ({ kind: "phone", value: row.phone }) },
  { header: "E-mail", width: 28, cell: (row) => text(row.email) },
  { header: "Package", width: 22, cell: (row) => text(row.packageTitle) },
  { header: "Travellers", width: 10, cell: (row) => ({ kind: "number", value: row.travellers }) },
  { header: "Preferred month", width: 15, cell: (row) => text(row.preferredMonth) },
  { header: "Message", width: 40, cell: (row) => text(row.message) },
  { header: "Status", width: 11, cell: (row) => text(STATUS_LABELS[row.status]) },
  { header: "Assigned to", width: 18, cell: (row) => text(row.assigneeName) },
  { header: "Call back on (IST)", width: 17, cell: (row) => ({ kind: "time", value: row.followUpAt }) },
  { header: "Notes", width: 50, cell: (row) => text(row.notes) },
  { header: "ID", width: 12, cell: (row) => text(row.key) },
];

/** The filtered view's rows (as the inbox lists them, up to CSV_MAX_ROWS), each with its notes in one cell. */
export async function inboxExportRows(filters: InboxFilters): Promise<ExportRow[]> {
  const rows = await listInboxForExport(filters);
  const [notes, followUps] = await Promise.all([exportNotes(rows), followUpsFor(rows.map((row) => row.key))]);
  return rows.map((row) => ({ ...row, notes: notes.get(row.key) ?? "", followUpAt: followUps.get(row.key) ?? null }));
}

function csvValue(cell: Cell): CsvValue {
  switch (cell.kind) {
    case "time":
      return cell.value && verbatim(spreadsheetIndiaTime(cell.value));
    case "phone":
      return verbatim(spreadsheetPhone(cell.value));
    default:
      return cell.value;
  }
}

export function inboxCsv(rows: ExportRow[]): string {
  return toCsv(
    EXPORT_COLUMNS.map((column) => column.header),
    rows.map((row) => EXPORT_COLUMNS.map((column) => csvValue(column.cell(row)))),
  );
}

/** India is UTC+5:30 all year. An Excel date has no time zone: it holds the wall time the team reads. */
const INDIA_OFFSET_MS = 330 * 60_000;
export const XLSX_TIME_FORMAT = "yyyy-mm-dd hh:mm";
/** Excel's most characters in one cell. */
const XLSX_CELL_MAX = 32_767;
/** Characters XML 1.0 cannot hold (an .xlsx is XML): control characters, and halves of a pair. */
// eslint-disable-next-line no-control-regex -- these are the characters to remove
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function xlsxValue(cell: Cell): ExcelJS.CellValue {
  switch (cell.kind) {
    case "time":
      return cell.value && new Date(cell.value.getTime() + INDIA_OFFSET_MS);
    case "number":
      return cell.value;
    default:
      // A text cell (t="s"): Excel, LibreOffice and Sheets show it as it is and never run it,
      // so `=2*7` needs no apostrophe here (one would show).
      return cell.value === null ? null : cell.value.replace(NOT_XML, "").slice(0, XLSX_CELL_MAX);
  }
}

/**
 * The same columns as an Excel workbook: one sheet, a bold frozen header row,
 * times as date cells, phones and text as text cells. Written by exceljs's
 * streaming writer (each row is serialised once and let go), then gathered.
 */
export async function inboxXlsx(rows: ExportRow[]): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    stream.on("end", resolve);
    stream.on("error", reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = "Pravas";
  const sheet = workbook.addWorksheet("Enquiries", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((column, index) => ({ key: String(index), width: column.width }));
  const header = sheet.addRow(EXPORT_COLUMNS.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  for (const row of rows) {
    const values = EXPORT_COLUMNS.map((column) => column.cell(row));
    const added = sheet.addRow(values.map(xlsxValue));
    values.forEach((cell, index) => {
      if (cell.kind === "time") added.getCell(index + 1).numFmt = XLSX_TIME_FORMAT;
      if (cell.kind === "text" && cell.value?.includes("\n")) added.getCell(index + 1).alignment = { wrapText: true, vertical: "top" };
    });
    added.commit();
  }
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

/** `enquiries-2026-11-26.csv`: the day in India. */
export function exportFileName(extension: "csv" | "xlsx", now = new Date()): string {
  return `enquiries-${spreadsheetIndiaTime(now).slice(0, 10)}.${extension}`;
}
