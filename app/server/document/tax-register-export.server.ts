import ExcelJS from "exceljs";
import { toCsv, verbatim, type CsvValue } from "~/lib/csv";
import { paiseToDecimalRupees } from "~/lib/money";
import type { TaxPeriod } from "~/lib/tax-period";
import { formatRate } from "~/server/tax/tax-rules.server";
import type { Db } from "~/server/db/db.server";
import { registerDocuments } from "./tax-register-data.server";
import { gstRegisterRows, tcsRegisterRows, type GstRegisterRow, type TcsRegisterRow } from "./tax-registers.server";

/**
 * The registers as files for the accountant (issue 47): CSV (UTF-8 with a BOM,
 * formulas made inert) and .xlsx (exceljs, as the Payments export). Amounts
 * are numbers in rupees with paise, never text, so a column sums; dates are
 * the documents' Indian dates; rates are percents.
 */

type Cell = string | number | null;
type Column<Row> = {
  header: string;
  width: number;
  value: (row: Row) => Cell;
  kind?: "date" | "amount" | "percent";
};

const GST_COLUMNS: Column<GstRegisterRow>[] = [
  { header: "Date", width: 12, value: (row) => row.date, kind: "date" },
  { header: "Number", width: 17, value: (row) => row.number },
  { header: "Document", width: 16, value: (row) => row.document },
  { header: "Booking", width: 11, value: (row) => row.booking },
  { header: "Traveller", width: 24, value: (row) => row.traveller },
  { header: "Traveller's GSTIN", width: 17, value: (row) => row.gstin },
  { header: "Place of supply", width: 20, value: (row) => row.placeOfSupply },
  {
    header: "Taxable value (₹)",
    width: 15,
    value: (row) => row.taxable,
    kind: "amount",
  },
  { header: "CGST (₹)", width: 12, value: (row) => row.cgst, kind: "amount" },
  { header: "SGST (₹)", width: 12, value: (row) => row.sgst, kind: "amount" },
  { header: "UTGST (₹)", width: 12, value: (row) => row.utgst, kind: "amount" },
  { header: "IGST (₹)", width: 12, value: (row) => row.igst, kind: "amount" },
  {
    header: "Not taxable: costs passed on (₹)",
    width: 15,
    value: (row) => row.notTaxable,
    kind: "amount",
  },
  { header: "Total (₹)", width: 14, value: (row) => row.total, kind: "amount" },
  {
    header: "Cancelled",
    width: 10,
    value: (row) => (row.cancelled ? "Cancelled" : ""),
  },
];

const TCS_COLUMNS: Column<TcsRegisterRow>[] = [
  {
    header: "Date received",
    width: 12,
    value: (row) => row.date,
    kind: "date",
  },
  { header: "Document", width: 17, value: (row) => row.number },
  { header: "Booking", width: 11, value: (row) => row.booking },
  { header: "Collectee", width: 24, value: (row) => row.collectee },
  {
    header: "PAN",
    width: 12,
    value: (row) => row.pan ?? "No PAN (higher rate)",
  },
  {
    header: "Amount received (₹)",
    width: 15,
    value: (row) => row.amount,
    kind: "amount",
  },
  {
    header: "TCS rate (%)",
    width: 9,
    value: (row) => row.rateBps,
    kind: "percent",
  },
  { header: "TCS (₹)", width: 12, value: (row) => row.tcs, kind: "amount" },
  { header: "Section", width: 36, value: (row) => row.section },
  {
    header: "Cancelled",
    width: 10,
    value: (row) => (row.cancelled ? "Cancelled" : ""),
  },
];

/** 250 basis points → "2.5" (a percent as text, exact). */
const percentText = (bps: number) => formatRate(bps).replace("%", "");

function csvOf<Row>(columns: Column<Row>[], rows: readonly Row[]): string {
  return toCsv(
    columns.map((column) => column.header),
    rows.map((row) =>
      columns.map((column): CsvValue => {
        const value = column.value(row);
        if (value === null) return null;
        if (column.kind === "amount") return verbatim(paiseToDecimalRupees(value as number));
        if (column.kind === "percent") return verbatim(percentText(value as number));
        if (column.kind === "date") return verbatim(value as string);
        return value;
      }),
    ),
  );
}

async function xlsxOf<Row>(sheetName: string, columns: Column<Row>[], rows: readonly Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Pravas";
  const sheet = workbook.addWorksheet(sheetName, {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.columns = columns.map((column, index) => ({
    key: String(index),
    width: column.width,
  }));
  sheet.addRow(columns.map((column) => column.header)).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow(
      columns.map((column) => {
        const value = column.value(row);
        if (value === null) return null;
        if (column.kind === "amount") return Number(paiseToDecimalRupees(value as number));
        if (column.kind === "percent") return Number(percentText(value as number));
        // An Excel date has no time zone: the Indian calendar date as UTC midnight.
        if (column.kind === "date") return new Date(`${value as string}T00:00:00Z`);
        return value;
      }),
    );
    columns.forEach((column, index) => {
      const cell = added.getCell(index + 1);
      if (column.kind === "amount") cell.numFmt = "#,##0.00";
      if (column.kind === "date") cell.numFmt = "dd-mmm-yyyy";
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export type TaxRegister = "gst" | "tcs";

export const gstRegisterCsv = (rows: readonly GstRegisterRow[]) => csvOf(GST_COLUMNS, rows);
export const tcsRegisterCsv = (rows: readonly TcsRegisterRow[]) => csvOf(TCS_COLUMNS, rows);
export const gstRegisterXlsx = (rows: readonly GstRegisterRow[]) => xlsxOf("GST register", GST_COLUMNS, rows);
export const tcsRegisterXlsx = (rows: readonly TcsRegisterRow[]) => xlsxOf("TCS register", TCS_COLUMNS, rows);

/** `gst-register-2026-27-Q3.xlsx`, `tcs-register-2026-11.csv`. */
export const taxRegisterFileName = (register: TaxRegister, period: TaxPeriod, extension: "csv" | "xlsx") => `${register}-register-${period.key}.${extension}`;

const CONTENT_TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

/** A register of a period as a file to download. */
export async function taxRegisterFile(db: Db, register: TaxRegister, period: TaxPeriod, format: "csv" | "xlsx") {
  const documents = await registerDocuments(db, register, period);
  let body: Buffer;
  if (register === "gst") {
    const rows = gstRegisterRows(documents);
    body = format === "csv" ? Buffer.from(gstRegisterCsv(rows)) : await gstRegisterXlsx(rows);
  } else {
    const rows = tcsRegisterRows(documents);
    body = format === "csv" ? Buffer.from(tcsRegisterCsv(rows)) : await tcsRegisterXlsx(rows);
  }
  return {
    body,
    name: taxRegisterFileName(register, period, format),
    contentType: CONTENT_TYPES[format],
  };
}
