import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { readUpiUri } from "~/lib/upi";
import type { DocumentKind } from "./document-number.server";
import { renderDocumentPdf } from "./document-pdf.server";
import { documentSnapshot } from "../../../tests/support/tax-document-fixtures";

/** The PDF's text as pdftotext (poppler-utils) reads it, whitespace made single spaces. */
function text(pdf: Buffer): string {
  const result = spawnSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf });
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr.toString()}`);
  return result.stdout.toString("utf8").replace(/\s+/g, " ");
}

const AGENCY = [
  "Pravas Holidays Private Limited",
  "Office 4, Prabhat Road, Erandwane Pune 411004",
  "State: Maharashtra (27) · GSTIN: 27AAPFU0939F1ZV · PAN: AAPFU0939F",
];
const ASHA = ["Asha Rao", "12 Law College Road Pune 411004 State: Maharashtra (27)", "PRV-7KQ2M", "Hampi Heritage Trail", "998555 (tour operator services)"];
const RAHUL = [
  "Rahul Menon",
  "44 Indiranagar 2nd Stage Bengaluru 560038 State: Karnataka (29) PAN: ABCPK1234F",
  "PRV-4HXT9",
  "Karnataka (29)",
  "998555 (tour operator services)",
];
const TCS_394 = "Tax collected at source (s. 394, Income-tax Act 2025 (formerly s. 206C(1G)))";

// What each document must say, written out by hand (the figures are the golden scenarios').
const EXPECTED: [string, "domestic" | "overseas", DocumentKind, string[]][] = [
  [
    "domestic quote",
    "domestic",
    "quote",
    [
      "QUOTATION",
      "No. PRV-7KQ2M/Q1",
      "Date 1 Nov 2026",
      "Taxable value ₹1,04,500.00",
      "CGST @ 2.5% ₹2,612.50",
      "SGST @ 2.5% ₹2,612.50",
      "₹1,09,725.00",
      "Rupees One Lakh Nine Thousand Seven Hundred Twenty Five Only",
      "This quotation is not a tax invoice.",
    ],
  ],
  [
    "domestic receipt voucher",
    "domestic",
    "receipt-voucher",
    [
      "RECEIPT VOUCHER",
      "No. RV/26-27/00012",
      "Date 10 Oct 2026",
      "Taxable value ₹23,809.52",
      "CGST @ 2.5% ₹595.24",
      "SGST @ 2.5% ₹595.24",
      "Advance towards the tour ₹25,000.00",
      "Rupees Twenty Five Thousand Only",
      "Scan to pay ₹84,725.00 by UPI",
    ],
  ],
  [
    "domestic tax invoice",
    "domestic",
    "tax-invoice",
    [
      "TAX INVOICE",
      "No. PRV/26-27/00042",
      "Date 1 Dec 2026",
      "Hampi Heritage Trail: 2 adults at ₹52,250 ₹1,04,500.00",
      "Taxable value ₹1,04,500.00 ₹23,809.52 ₹80,690.48",
      "CGST @ 2.5% ₹2,612.50 ₹595.24 ₹2,017.26",
      "SGST @ 2.5% ₹2,612.50 ₹595.24 ₹2,017.26",
      "Amount due now",
      "Rupees Eighty Four Thousand Seven Hundred Twenty Five Only",
      "The price includes the charges for the accommodation and transportation of the tour.",
      "Refers to Receipt Voucher RV/26-27/00012 of 10 Oct 2026.",
      "Scan to pay ₹84,725.00 by UPI",
    ],
  ],
  [
    "domestic payment receipt",
    "domestic",
    "payment-receipt",
    ["PAYMENT RECEIPT", "No. RC/26-27/00007", "Date 5 Dec 2026", "₹84,725.00", "Rupees Eighty Four Thousand Seven Hundred Twenty Five Only"],
  ],
  [
    "domestic refund voucher",
    "domestic",
    "refund-voucher",
    [
      "REFUND VOUCHER",
      "No. RF/26-27/00003",
      "Date 2 Nov 2026",
      "Paid in advance ₹25,000.00",
      "Cancellation charge kept ₹10,972.50",
      "Taxable value ₹13,359.52",
      "CGST @ 2.5% ₹333.99",
      "SGST @ 2.5% ₹333.99",
      "Refund ₹14,027.50",
      "Rupees Fourteen Thousand Twenty Seven and Fifty Paise Only",
      "Booking cancelled 79 days before departure: under the package's refund rule 90% is refundable.",
    ],
  ],
  [
    "domestic credit note",
    "domestic",
    "credit-note",
    [
      "CREDIT NOTE",
      "No. CN/26-27/00002",
      "Date 20 Dec 2026",
      "Taxable value ₹94,050.00",
      "CGST @ 2.5% ₹2,351.25",
      "SGST @ 2.5% ₹2,351.25",
      "Credit ₹98,752.50",
      "Refund due to you ₹98,752.50",
      "Rupees Ninety Eight Thousand Seven Hundred Fifty Two and Fifty Paise Only",
      "Refers to Tax Invoice PRV/26-27/00042 of 1 Dec 2026.",
    ],
  ],
  [
    "overseas quote",
    "overseas",
    "quote",
    [
      "QUOTATION",
      "Early-booking discount -₹2,000.00",
      "IGST @ 5% ₹10,450.00",
      "TCS @ 2% of ₹2,19,450.00 ₹4,389.00",
      "₹2,23,839.00",
      "Rupees Two Lakh Twenty Three Thousand Eight Hundred Thirty Nine Only",
      `${TCS_394}: ₹4,389.00.`,
      "Traveller's PAN: ABCPK1234F.",
    ],
  ],
  [
    "overseas receipt voucher",
    "overseas",
    "receipt-voucher",
    [
      "RECEIPT VOUCHER",
      "Taxable value ₹95,238.10",
      "IGST @ 5% ₹4,761.90",
      "Advance towards the tour ₹1,00,000.00",
      "TCS @ 2% of ₹1,00,000.00 ₹2,000.00",
      "₹1,02,000.00",
      "Rupees One Lakh Two Thousand Only",
      `${TCS_394}: ₹2,000.00.`,
      "Traveller's PAN: ABCPK1234F.",
      "Scan to pay ₹1,21,839.00 by UPI",
    ],
  ],
  [
    "overseas tax invoice",
    "overseas",
    "tax-invoice",
    [
      "TAX INVOICE",
      "Taxable value ₹2,09,000.00 ₹95,238.10 ₹1,13,761.90",
      "IGST @ 5% ₹10,450.00 ₹4,761.90 ₹5,688.10",
      "TCS on the balance @ 2% of ₹1,19,450.00 ₹2,389.00",
      "₹1,21,839.00",
      "Rupees One Lakh Twenty One Thousand Eight Hundred Thirty Nine Only",
      "Traveller's PAN: ABCPK1234F.",
    ],
  ],
  [
    "overseas payment receipt",
    "overseas",
    "payment-receipt",
    [
      "PAYMENT RECEIPT",
      "Towards the balance of the tour (GST charged on the tax invoice) ₹1,19,450.00",
      "TCS @ 2% of ₹1,19,450.00 ₹2,389.00",
      "₹1,21,839.00",
      "Rupees One Lakh Twenty One Thousand Eight Hundred Thirty Nine Only",
      `${TCS_394}: ₹2,389.00.`,
    ],
  ],
  [
    "overseas refund voucher",
    "overseas",
    "refund-voucher",
    [
      "REFUND VOUCHER",
      "Paid in advance ₹1,00,000.00",
      "Cancellation charge kept ₹21,945.00",
      "Taxable value ₹74,338.10",
      "IGST @ 5% ₹3,716.90",
      "Refund ₹78,055.00",
      "Rupees Seventy Eight Thousand Fifty Five Only",
      "The TCS of ₹2,000.00 already collected is not refunded",
    ],
  ],
  [
    "overseas credit note",
    "overseas",
    "credit-note",
    [
      "CREDIT NOTE",
      "Taxable value ₹1,04,500.00",
      "IGST @ 5% ₹5,225.00",
      "Credit ₹1,09,725.00",
      "Refund due to you ₹1,09,725.00",
      "Rupees One Lakh Nine Thousand Seven Hundred Twenty Five Only",
      "Booking cancelled 20 days before departure: under the package's refund rule 50% is refundable.",
      "The TCS of ₹2,000.00 already collected is not refunded",
    ],
  ],
];

const rendered = new Map<string, Promise<Buffer>>();
/** Each fixture is drawn once for the file's tests (the drawing is what the byte-identity tests check). */
function pdfOf(trip: "domestic" | "overseas", kind: DocumentKind): Promise<Buffer> {
  const key = `${trip} ${kind}`;
  if (!rendered.has(key)) rendered.set(key, renderDocumentPdf(documentSnapshot(trip, kind)));
  return rendered.get(key)!;
}

describe("tax document PDFs, read back with pdftotext", () => {
  it.each(EXPECTED)("%s: every required field, ₹ as text and the amount in words", async (_name, trip, kind, phrases) => {
    const words = text(await pdfOf(trip, kind));
    for (const phrase of [
      ...AGENCY,
      ...(trip === "domestic" ? ASHA : RAHUL),
      "Place of supply",
      "Reverse charge",
      "For Pravas Holidays Private Limited",
      "Authorised signatory",
      "Page 1 of 1",
      ...phrases,
    ]) {
      expect(words).toContain(phrase);
    }
    expect(words).not.toContain("Rs.");
  });

  it("a traveller with no PAN is told why the TCS is higher, and no PAN is printed", async () => {
    const words = text(await renderDocumentPdf(documentSnapshot("overseas", "receipt-voucher", { buyerPan: null })));
    // ₹1,02,000 received: ₹97,142.86 for the trip and 5% of it, ₹4,857.14, as TCS.
    expect(words).toContain("TCS @ 5% of ₹97,142.86 ₹4,857.14");
    expect(words).toContain("No PAN was given, so TCS is collected at the higher rate the law sets.");
    expect(words).not.toContain("ABCPK1234F");
  });
});

describe("the UPI QR code", () => {
  it("holds the payments branch's upi:// address for what is due, to the paisa", async () => {
    const snapshot = documentSnapshot("overseas", "tax-invoice");
    // The page as a picture, as a phone's camera would see it, decoded with jsQR.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "document-qr-"));
    spawnSync("pdftoppm", ["-png", "-r", "110", "-singlefile", "-", path.join(dir, "page")], { input: await pdfOf("overseas", "tax-invoice") });
    const png = PNG.sync.read(fs.readFileSync(path.join(dir, "page.png")));
    fs.rmSync(dir, { recursive: true });
    const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
    expect(code?.data).toBe(snapshot.upi!.uri);
    expect(readUpiUri(code!.data)).toEqual({
      pa: "pravas@okaxis",
      pn: "Pravas Holidays",
      am: "121839.00",
      cu: "INR",
      tn: "PRV-4HXT9 balance",
      tr: "PRV-4HXT9-BAL",
    });
  }, 20_000);
});

describe("re-rendering an issued document", () => {
  const sha = (pdf: Buffer) => createHash("sha256").update(pdf).digest("hex");

  it("gives the same bytes: again, from the stored JSON, and after other documents were drawn", async () => {
    const snapshot = documentSnapshot("overseas", "tax-invoice");
    const first = await pdfOf("overseas", "tax-invoice");
    expect((await renderDocumentPdf(snapshot)).equals(first)).toBe(true);
    expect((await renderDocumentPdf(JSON.parse(JSON.stringify(snapshot)))).equals(first)).toBe(true);
    // The creation date (and the file ID made from it) come from the snapshot: another moment, other bytes.
    expect(sha(await renderDocumentPdf({ ...snapshot, issuedAt: "2026-12-01T10:31:00.000+05:30" }))).not.toBe(sha(first));
    expect(spawnSync("pdfinfo", ["-isodates", "-"], { input: first }).stdout.toString()).toMatch(/CreationDate:\s+2026-12-01T05:00:00Z/);
  });

  it("gives the same bytes in another process", async () => {
    const script = `
      import { renderDocumentPdf } from "./app/server/document/document-pdf.server.ts";
      import { documentSnapshot } from "./tests/support/tax-document-fixtures.ts";
      import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
      const pdf = await renderDocumentPdf(documentSnapshot("overseas", "tax-invoice"));
      process.stdout.write(createHash("sha256").update(pdf).digest("hex"));`;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(child.stderr).toBe("");
    expect(child.stdout).toBe(sha(await pdfOf("overseas", "tax-invoice")));
  }, 30_000);
});
