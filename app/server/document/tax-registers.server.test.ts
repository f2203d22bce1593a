import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { DocumentKind } from "./document-number.server";
import { documentSnapshot } from "../../../tests/support/tax-document-fixtures";
import { gstRegisterCsv, gstRegisterXlsx, tcsRegisterCsv, tcsRegisterXlsx } from "./tax-register-export.server";
import { gstRegisterRows, tcsRegisterRows, type RegisterDocument } from "./tax-registers.server";

/** The fixture documents (the PDF tests' Hampi and Bali bookings) as issued rows. */
function issued(trip: "domestic" | "overseas", kind: DocumentKind, change: { buyerPan?: null; number?: string; cancelled?: boolean } = {}): RegisterDocument {
  const snapshot = documentSnapshot(trip, kind, change.buyerPan === null ? { buyerPan: null } : {});
  const number = change.number ?? snapshot.number;
  return {
    number,
    kind,
    date: snapshot.date,
    snapshot: { ...snapshot, number },
    cancelled: change.cancelled ?? false,
  };
}

// Hampi (Pune traveller, agency in Maharashtra: CGST + SGST) and Bali (Bengaluru traveller: IGST, TCS at 2%).
const DOCUMENTS: RegisterDocument[] = [
  issued("domestic", "credit-note"),
  issued("domestic", "receipt-voucher"),
  issued("domestic", "tax-invoice"),
  issued("domestic", "refund-voucher", { cancelled: true }),
  issued("domestic", "payment-receipt"),
  issued("domestic", "quote"),
  issued("overseas", "receipt-voucher", { number: "RV/26-27/00013" }),
  issued("overseas", "tax-invoice", { number: "PRV/26-27/00043" }),
  issued("overseas", "payment-receipt", { number: "RC/26-27/00008" }),
  issued("overseas", "credit-note", { number: "CN/26-27/00003" }),
  issued("overseas", "receipt-voucher", {
    number: "RV/26-27/00014",
    buyerPan: null,
  }),
];

describe("the GST register", () => {
  const rows = gstRegisterRows(DOCUMENTS);

  it("lists every GST document by date with its own taxes, money going back negative, to the paisa", () => {
    const pick = ({ date, number, document, placeOfSupply, taxable, cgst, sgst, igst, total, cancelled }: (typeof rows)[number]) =>
      [date, number, document, placeOfSupply, taxable, cgst, sgst, igst, total, cancelled] as const;
    expect(rows.map(pick)).toEqual([
      ["2026-10-10", "RV/26-27/00012", "Receipt Voucher", "Maharashtra (27)", 23_809_52, 595_24, 595_24, 0, 25_000_00, false],
      ["2026-10-10", "RV/26-27/00013", "Receipt Voucher", "Karnataka (29)", 95_238_10, 0, 0, 4_761_90, 1_00_000_00, false],
      // ₹1,02,000 received without a PAN: ₹97,142.86 for the trip (5% TCS on it is ₹4,857.14); ₹97,142.86 ÷ 1.05.
      ["2026-10-10", "RV/26-27/00014", "Receipt Voucher", "Karnataka (29)", 92_517_01, 0, 0, 4_625_85, 97_142_86, false],
      ["2026-11-02", "RF/26-27/00003", "Refund Voucher", "Maharashtra (27)", -13_359_52, -333_99, -333_99, 0, -14_027_50, true],
      ["2026-12-01", "PRV/26-27/00042", "Tax Invoice", "Maharashtra (27)", 80_690_48, 2_017_26, 2_017_26, 0, 84_725_00, false],
      ["2026-12-01", "PRV/26-27/00043", "Tax Invoice", "Karnataka (29)", 1_13_761_90, 0, 0, 5_688_10, 1_19_450_00, false],
      ["2026-12-20", "CN/26-27/00002", "Credit Note", "Maharashtra (27)", -94_050_00, -2_351_25, -2_351_25, 0, -98_752_50, false],
      ["2027-02-20", "CN/26-27/00003", "Credit Note", "Karnataka (29)", -1_04_500_00, 0, 0, -5_225_00, -1_09_725_00, false],
    ]);
    expect(rows[0]).toMatchObject({
      traveller: "Asha Rao",
      booking: "PRV-7KQ2M",
      gstin: null,
      utgst: 0,
      notTaxable: 0,
    });
  });

  it("as CSV: rupees with paise, the BOM, a cancelled document marked", () => {
    const lines = gstRegisterCsv(rows).split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFDate,Number,Document,Booking,Traveller,Traveller's GSTIN,Place of supply,Taxable value (₹),CGST (₹),SGST (₹),UTGST (₹),IGST (₹),Not taxable: costs passed on (₹),Total (₹),Cancelled",
    );
    expect(lines[1]).toBe("2026-10-10,RV/26-27/00012,Receipt Voucher,PRV-7KQ2M,Asha Rao,,Maharashtra (27),23809.52,595.24,595.24,0.00,0.00,0.00,25000.00,");
    expect(lines[4]).toBe(
      "2026-11-02,RF/26-27/00003,Refund Voucher,PRV-7KQ2M,Asha Rao,,Maharashtra (27),-13359.52,-333.99,-333.99,0.00,0.00,0.00,-14027.50,Cancelled",
    );
    expect(lines).toHaveLength(rows.length + 2);
  });

  it("as .xlsx: amounts are numbers a column can sum, dates are dates", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await gstRegisterXlsx(rows)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("GST register")!;
    expect(sheet.getRow(1).getCell(8).value).toBe("Taxable value (₹)");
    expect(sheet.getRow(2).getCell(1).value).toEqual(new Date("2026-10-10T00:00:00Z"));
    expect(sheet.getRow(6).getCell(8).value).toBe(80690.48);
    expect(sheet.getRow(8).getCell(14).value).toBe(-98752.5);
    expect(sheet.rowCount).toBe(rows.length + 1);
  });
});

describe("the TCS register", () => {
  const rows = tcsRegisterRows(DOCUMENTS);

  it("lists every amount TCS was collected on, with the PAN or its absence, rate, TCS and section (Form 27EQ's fields)", () => {
    const section = "s. 394, Income-tax Act 2025 (formerly s. 206C(1G))";
    const withoutPan = `${section}, read with s. 397(2), Income-tax Act 2025 (formerly s. 206CC)`;
    expect(rows).toEqual([
      {
        date: "2026-10-10",
        number: "RV/26-27/00013",
        booking: "PRV-4HXT9",
        collectee: "Rahul Menon",
        pan: "ABCPK1234F",
        amount: 1_00_000_00,
        rateBps: 200,
        tcs: 2_000_00,
        section,
        cancelled: false,
      },
      {
        date: "2026-10-10",
        number: "RV/26-27/00014",
        booking: "PRV-4HXT9",
        collectee: "Rahul Menon",
        pan: null,
        amount: 97_142_86,
        rateBps: 500,
        tcs: 4_857_14,
        section: withoutPan,
        cancelled: false,
      },
      {
        date: "2026-12-05",
        number: "RC/26-27/00008",
        booking: "PRV-4HXT9",
        collectee: "Rahul Menon",
        pan: "ABCPK1234F",
        amount: 1_19_450_00,
        rateBps: 200,
        tcs: 2_389_00,
        section,
        cancelled: false,
      },
    ]);
  });

  it("as CSV and .xlsx", async () => {
    const lines = tcsRegisterCsv(rows).split("\r\n");
    expect(lines[0]).toBe("\uFEFFDate received,Document,Booking,Collectee,PAN,Amount received (₹),TCS rate (%),TCS (₹),Section,Cancelled");
    expect(lines[2]).toBe(
      '2026-10-10,RV/26-27/00014,PRV-4HXT9,Rahul Menon,No PAN (higher rate),97142.86,5,4857.14,"s. 394, Income-tax Act 2025 (formerly s. 206C(1G)), read with s. 397(2), Income-tax Act 2025 (formerly s. 206CC)",',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await tcsRegisterXlsx(rows)) as unknown as ArrayBuffer);
    const row = workbook.getWorksheet("TCS register")!.getRow(4);
    expect([row.getCell(5).value, row.getCell(6).value, row.getCell(7).value, row.getCell(8).value]).toEqual(["ABCPK1234F", 119450, 2, 2389]);
  });
});
