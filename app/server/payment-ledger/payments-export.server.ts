import ExcelJS from "exceljs";
import { toCsv, verbatim, type CsvValue } from "~/lib/csv";
import { spreadsheetIndiaTime } from "~/lib/spreadsheet-text";
import { paiseToDecimalRupees } from "~/lib/money";
import type { PaymentListRow, PaymentsRange } from "./payments-screen.server";

/**
 * The Payments screen's export (issue 46): the range's payments and refunds,
 * one row each, as CSV or .xlsx (exceljs, pinned, ADR 047). Dates are the
 * Indian dates the money moved; amounts are numbers in rupees with paise (a
 * refund negative, so a column sum is the net), never text; a reversed entry
 * is listed with "Reversed" and 0 in "Counts (₹)".
 */

type Column = { header: string; width: number; value: (row: PaymentListRow) => string | number | null; kind?: "date" | "amount" | "time" };

const signed = (row: PaymentListRow) => (row.kind === "refund" ? -row.amountPaise : row.amountPaise);

const COLUMNS: Column[] = [
  { header: "Date (IST)", width: 12, value: (row) => row.movedOn, kind: "date" },
  { header: "Booking", width: 12, value: (row) => row.bookingReference },
  { header: "Lead traveller", width: 24, value: (row) => row.leadName },
  { header: "Kind", width: 9, value: (row) => (row.kind === "refund" ? "Refund" : "Payment") },
  { header: "Method", width: 14, value: (row) => row.methodLabel },
  { header: "UTR / reference", width: 22, value: (row) => row.reference },
  { header: "Amount (₹)", width: 13, value: (row) => signed(row), kind: "amount" },
  { header: "Reversed", width: 9, value: (row) => (row.reversed ? "Reversed" : "") },
  { header: "Counts (₹)", width: 13, value: (row) => (row.reversed ? 0 : signed(row)), kind: "amount" },
  { header: "Recorded by", width: 18, value: (row) => row.recordedBy },
  { header: "Recorded at (IST)", width: 17, value: (row) => row.recordedAt, kind: "time" },
  { header: "Note", width: 40, value: (row) => row.note },
];

/** Paise as a number of rupees: 1234550 → 12345.5 (exact: two decimals of an integer). */
const rupees = (paise: number) => Number(paiseToDecimalRupees(paise));

export function paymentsCsv(rows: PaymentListRow[]): string {
  return toCsv(
    COLUMNS.map((column) => column.header),
    rows.map((row) =>
      COLUMNS.map((column): CsvValue => {
        const value = column.value(row);
        if (value === null) return null;
        if (column.kind === "amount") return verbatim(paiseToDecimalRupees(value as number));
        if (column.kind === "date") return verbatim(value as string);
        if (column.kind === "time") return verbatim(spreadsheetIndiaTime(value as string));
        return value;
      }),
    ),
  );
}

const INDIA_OFFSET_MS = 330 * 60_000;

export async function paymentsXlsx(rows: PaymentListRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Pravas";
  const sheet = workbook.addWorksheet("Payments", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS.map((column, index) => ({ key: String(index), width: column.width }));
  sheet.addRow(COLUMNS.map((column) => column.header)).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow(
      COLUMNS.map((column) => {
        const value = column.value(row);
        if (value === null) return null;
        if (column.kind === "amount") return rupees(value as number);
        // An Excel date has no time zone: the Indian calendar date (or wall time) as UTC.
        if (column.kind === "date") return new Date(`${value as string}T00:00:00Z`);
        if (column.kind === "time") return new Date(new Date(value as string).getTime() + INDIA_OFFSET_MS);
        return value;
      }),
    );
    COLUMNS.forEach((column, index) => {
      const cell = added.getCell(index + 1);
      if (column.kind === "amount") cell.numFmt = "#,##0.00";
      if (column.kind === "date") cell.numFmt = "dd-mmm-yyyy";
      if (column.kind === "time") cell.numFmt = "yyyy-mm-dd hh:mm";
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `payments-2026-11-01-to-2026-11-30.csv`. */
export const paymentsFileName = (range: PaymentsRange, extension: "csv" | "xlsx") => `payments-${range.from}-to-${range.to}.${extension}`;
