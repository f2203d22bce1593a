// On both engines (*.pg.db.test.ts): issuing tax documents from real bookings and payments (issue 47, ADR 092).
// Numbers are gapless per series and financial year (200 at once get 200 consecutive numbers; 1 April in India
// starts at 1 again; a refusal uses none), one live invoice per booking, stored bytes served as issued, and the
// table's trigger. Every figure is written out by hand, to the paisa.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingDetailsSchema } from "~/lib/billing-details";
import type { GroupDate } from "~/lib/content-types";
import { newBookingSchema } from "~/lib/booking-schema";
import type { Db } from "~/server/db/db.server";
import { bookings, documentCounters, packages, paymentLedger, siteSettings, taxDocuments, taxRules } from "~/server/db/schema.server";
import { createBooking } from "~/server/booking/booking-create.server";
import { transitionBooking } from "~/server/booking/booking-transitions.server";
import { recordPayment } from "~/server/payment-ledger/ledger-write.server";
import { bookingMoney } from "~/server/payment-ledger/booking-money.server";
import { followBookingTotal } from "~/server/payment-ledger/schedule-write.server";
import { AGENCY_IN_PUNE, bookablePackages } from "../../../tests/support/booking-fixtures";
import { priceForTcsTests, TRAVELLER_IN_PUNE } from "../../../tests/support/overseas-booking";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { updateBillingDetails } from "./document-billing.server";
import { issueDocument, type IssueRequest } from "./document-issue.server";
import { renderDocumentPdf } from "./document-pdf.server";
import { tripDocumentPdf } from "~/server/trip/trip-route.server";
import { mintTripLink } from "~/server/trip/trip-token.server";
import { autoReceiptForPayment, cancelDocument, listBookingDocuments, storedDocumentPdf } from "./documents.server";

let db: Db;
let domesticId: number;
let overseasId: number;
// 10 Jan 2027, 11:30 in India.
const NOW = new Date("2027-01-10T06:00:00Z");
const asha = { id: null, email: "asha@agency.example", name: "Asha Staff" };
const DATES: GroupDate[] = [{ id: "dApr", name: "April Batch", start: "2027-04-01", end: "2027-04-07", capacity: 400 }];
const BENGALURU = { address: "44 Indiranagar 2nd Stage\nBengaluru 560038", stateCode: "29", pan: "ABCPK1234F", companyName: null, gstin: null };
/** A cheap drawing for the tests of numbering alone: a page costs ~0.2 s of CPU, 200 of them would be most of a CI minute. */
const numberOnly = { render: async (snapshot: { number: string }) => Buffer.from(`%PDF ${snapshot.number}`) };

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  [domesticId, overseasId] = (await bookablePackages(db, DATES, 2)) as [number, number];
  // ₹1,04,500 an adult on both (the seed's first two published packages: their setting, not their names, decides);
  // the first set domestic, the second an overseas tour programme package.
  await db.update(packages).set({ overseas: false }).where(eq(packages.id, domesticId));
  await priceForTcsTests(db, overseasId, { groupDates: DATES });
  await db.update(siteSettings).set(AGENCY_IN_PUNE);
});
afterAll(closeTestDatabase);

async function book(packageId: number, billing: Parameters<typeof updateBillingDetails>[1] | null, adults = 1) {
  const input = newBookingSchema.parse({
    packageId,
    departureId: "dApr",
    leadName: "Asha Rao",
    leadPhone: "98450 12345",
    adults: String(adults),
    room: "twin",
    state: "confirmed",
  });
  const made = await createBooking(input, { actor: asha, now: NOW });
  if (!made.ok) throw new Error(made.message);
  if (!billing) return made.booking;
  const billed = await updateBillingDetails(made.booking.id, billing, { actor: asha, now: NOW }, { followTotal: followBookingTotal });
  if (!billed.ok) throw new Error(billed.message);
  return billed.booking;
}
async function pay(bookingId: number, amountPaise: number, receivedOn = "2027-01-10", now = NOW) {
  const result = await recordPayment(bookingId, { amountPaise, receivedOn, method: "cash", reference: null }, asha, now);
  if (!result.ok) throw new Error(result.message);
  return result.entry.id;
}
const issue = (bookingId: number, request: IssueRequest, now = NOW, options = {}) =>
  issueDocument(bookingId, request, asha, now, { followTotal: followBookingTotal, ...options });
const counters = async () => Object.fromEntries((await db.select().from(documentCounters)).map((row) => [`${row.series} ${row.financialYear}`, row.last]));
const figuresOf = async (id: number) => (await db.select({ snapshot: taxDocuments.snapshot }).from(taxDocuments).where(eq(taxDocuments.id, id)))[0]!.snapshot;

function text(pdf: Buffer): string {
  const result = spawnSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf });
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr.toString()}`);
  return result.stdout.toString("utf8").replace(/\s+/g, " ");
}

describe("a domestic booking's documents, from the deposit to the credit note", () => {
  it("issues a quote, a receipt voucher per advance, the invoice net of them and a credit note from the refund rule; refusals use no number", async () => {
    const booking = await book(domesticId, null);
    // No traveller state: GST cannot be placed, so nothing is issued and no counter moves.
    expect(await issue(booking.id, { kind: "quote" })).toEqual({
      ok: false,
      status: 422,
      message: "Add the traveller's state to the booking: GST depends on it.",
    });
    await updateBillingDetails(booking.id, TRAVELLER_IN_PUNE, { actor: asha, now: NOW }, { followTotal: followBookingTotal });
    const quote = await issue(booking.id, { kind: "quote" });
    // ₹1,04,500 + CGST 2.5% ₹2,612.50 + SGST 2.5% ₹2,612.50.
    expect(quote).toMatchObject({ ok: true, document: { kind: "quote", number: `${booking.reference}/Q1`, amountPaise: 1_09_725_00 } });

    const deposit = await pay(booking.id, 25_000_00);
    const first = await issue(booking.id, { kind: "receipt", paymentId: deposit });
    expect(first).toMatchObject({ ok: true, document: { kind: "receipt-voucher", number: "RV/26-27/00001", date: "2027-01-10", amountPaise: 25_000_00 } });
    const voucher = await figuresOf(first.ok ? first.document.id : 0);
    expect(voucher.figures).toMatchObject({
      advance: {
        amount: 25_000_00,
        taxable: 23_809_52,
        taxes: [
          { tax: "CGST", rateBps: 250, amount: 595_24 },
          { tax: "SGST", rateBps: 250, amount: 595_24 },
        ],
      },
    });
    // What is still due, in the QR: ₹1,09,725 − ₹25,000.
    expect(voucher.upi?.amount).toBe(84_725_00);
    expect(await issue(booking.id, { kind: "receipt", paymentId: deposit })).toEqual({
      ok: false,
      status: 422,
      message: "This payment already has Receipt Voucher RV/26-27/00001.",
    });
    // The booking asks for the price with its GST (ADR 115): ₹1,09,725.00, 25% of it (₹27,431.25) to the rupee on the day it
    // was made, the balance 30 days before 1 April.
    const asked = async () => bookingMoney(db, (await db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]!, NOW);
    expect((await asked()).schedule).toEqual({
      totalPaise: 1_09_725_00,
      lines: [
        { key: "DEP", kind: "deposit", dueOn: "2027-01-10", amountPaise: 27_431_00 },
        { key: "BAL", kind: "balance", dueOn: "2027-03-02", amountPaise: 82_294_00 },
      ],
    });
    // Neither paid in full (₹25,000 of ₹1,09,725) nor started (1 Apr 2027): no invoice yet.
    const early = await issue(booking.id, { kind: "tax-invoice" });
    expect(early).toMatchObject({ ok: false, status: 422 });
    expect(early.ok ? "" : early.message).toBe(
      "Not yet: the tax invoice is issued when the booking is paid in full (₹25,000.00 of ₹1,09,725.00 is paid) or when the trip starts on 1 Apr 2027.",
    );

    const balance = await pay(booking.id, 84_725_00);
    // What the ledger calls paid in full is what the invoice calls paid: nothing owing on either.
    expect((await asked()).state).toMatchObject({ kind: "paid-in-full", paidPaise: 1_09_725_00, owingPaise: 0 });
    expect(await issue(booking.id, { kind: "receipt", paymentId: balance })).toMatchObject({ ok: true, document: { number: "RV/26-27/00002" } });
    const invoice = await issue(booking.id, { kind: "tax-invoice" });
    expect(invoice).toMatchObject({ ok: true, document: { kind: "tax-invoice", number: "PRV/26-27/00001", amountPaise: 1_09_725_00 } });
    const invoiced = await figuresOf(invoice.ok ? invoice.document.id : 0);
    // The two vouchers together are the whole supply: nothing more to charge, nothing due.
    expect(invoiced.figures).toMatchObject({
      supply: { amount: 1_09_725_00, taxable: 1_04_500_00 },
      advances: { amount: 1_09_725_00, taxable: 1_04_500_00 },
      net: { amount: 0, taxable: 0, taxes: [{ amount: 0 }, { amount: 0 }] },
      dueNow: 0,
    });
    expect(invoiced.refersTo.map((doc) => doc.number)).toEqual(["RV/26-27/00001", "RV/26-27/00002"]);
    expect(await issue(booking.id, { kind: "tax-invoice" })).toEqual({
      ok: false,
      status: 409,
      message: "This booking already has tax invoice PRV/26-27/00001: cancel it first to issue another.",
    });

    // Cancelled 81 days before departure: 90% of ₹1,09,725 (₹98,752.50) comes back, ₹10,972.50 is kept.
    const cancelled = await transitionBooking(booking.id, "cancel", { actor: asha, now: NOW }, { reason: "Family emergency" });
    expect(cancelled.ok).toBe(true);
    const credit = await issue(booking.id, { kind: "credit", reason: "" });
    expect(credit).toMatchObject({ ok: true, document: { kind: "credit-note", number: "CN/26-27/00001", amountPaise: 98_752_50 } });
    const note = await figuresOf(credit.ok ? credit.document.id : 0);
    expect(note.figures).toMatchObject({
      reduction: {
        amount: 98_752_50,
        taxable: 94_050_00,
        taxes: [
          { tax: "CGST", amount: 2_351_25 },
          { tax: "SGST", amount: 2_351_25 },
        ],
      },
      refundDue: 98_752_50,
      tcsKept: 0,
    });
    expect(note.reason).toBe("Booking cancelled 81 days before departure: under the package's refund rule 90% is refundable.");
    expect(note.refersTo).toEqual([{ title: "Tax Invoice", number: "PRV/26-27/00001", date: "2027-01-10" }]);

    // Every refusal above left its series where it was.
    expect(await counters()).toMatchObject({ "receipt-voucher 2026": 2, "tax-invoice 2026": 1, "credit-note 2026": 1 });
    expect((await listBookingDocuments(booking.id)).map((doc) => `${doc.title} ${doc.number}`)).toEqual([
      `Quotation ${booking.reference}/Q1`,
      "Receipt Voucher RV/26-27/00001",
      "Receipt Voucher RV/26-27/00002",
      "Tax Invoice PRV/26-27/00001",
      "Credit Note CN/26-27/00001",
    ]);

    // Read back as the accountant reads it: the stored bytes, with every field, "₹" and the amount in words.
    const invoicePdf = (await storedDocumentPdf(booking.reference, invoice.ok ? invoice.document.id : 0))!;
    expect(createHash("sha256").update(invoicePdf.pdf).digest("hex")).toBe(invoicePdf.sha256);
    // Drawn again from its snapshot: the same bytes.
    expect((await renderDocumentPdf(invoiced)).equals(invoicePdf.pdf)).toBe(true);
    // The traveller downloads the same bytes from their trip page (issue 48); a wrong token, or an id not of this booking, is the trip page's 404.
    const token = await mintTripLink(db, booking.id, "new-link");
    const downloaded = await tripDocumentPdf(token, String(invoice.ok ? invoice.document.id : 0), NOW);
    expect(downloaded.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(invoicePdf.pdf)).toBe(true);
    const refusedStatus = (thrown: unknown) => (thrown as { init?: { status?: number } }).init?.status;
    expect(refusedStatus(await tripDocumentPdf(token, "999999", NOW).catch((thrown: unknown) => thrown))).toBe(404);
    expect(refusedStatus(await tripDocumentPdf("not-a-token", String(invoice.ok ? invoice.document.id : 0), NOW).catch((thrown: unknown) => thrown))).toBe(404);
    const invoiceText = text(invoicePdf.pdf);
    for (const expected of [
      "TAX INVOICE",
      "No. PRV/26-27/00001",
      "Date 10 Jan 2027",
      "Pravas Holidays Private Limited",
      "GSTIN: 27AAPFU0939F1ZV",
      "Asha Rao",
      "12 Law College Road Pune 411004 State: Maharashtra (27)",
      `${booking.reference}`,
      "998555 (tour operator services)",
      "Taxable value ₹1,04,500.00 ₹1,04,500.00 ₹0.00",
      "CGST @ 2.5% ₹2,612.50 ₹2,612.50 ₹0.00",
      "SGST @ 2.5% ₹2,612.50 ₹2,612.50 ₹0.00",
      "Refers to Receipt Voucher RV/26-27/00001 of 10 Jan 2027. Refers to Receipt Voucher RV/26-27/00002 of 10 Jan 2027.",
      "Paid in full: nothing due ₹0.00",
    ]) {
      expect(invoiceText).toContain(expected);
    }
    const voucherText = text((await storedDocumentPdf(booking.reference, first.ok ? first.document.id : 0))!.pdf);
    for (const expected of [
      "RECEIPT VOUCHER",
      "No. RV/26-27/00001",
      "Taxable value ₹23,809.52",
      "CGST @ 2.5% ₹595.24",
      "Rupees Twenty Five Thousand Only",
      "Scan to pay ₹84,725.00 by UPI",
    ]) {
      expect(voucherText).toContain(expected);
    }
    const noteText = text((await storedDocumentPdf(booking.reference, credit.ok ? credit.document.id : 0))!.pdf);
    for (const expected of [
      "CREDIT NOTE",
      "No. CN/26-27/00001",
      "Taxable value ₹94,050.00",
      "CGST @ 2.5% ₹2,351.25",
      "Rupees Ninety Eight Thousand Seven Hundred Fifty Two and Fifty Paise Only",
    ]) {
      expect(noteText).toContain(expected);
    }
    const quoteText = text((await storedDocumentPdf(booking.reference, quote.ok ? quote.document.id : 0))!.pdf);
    for (const expected of [
      "QUOTATION",
      `No. ${booking.reference}/Q1`,
      "₹1,09,725.00",
      "Rupees One Lakh Nine Thousand Seven Hundred Twenty Five Only",
      "This quotation is not a tax invoice.",
    ]) {
      expect(quoteText).toContain(expected);
    }
  });
});

describe("an overseas booking's documents: IGST across states and TCS on every receipt", () => {
  it("collects 2% TCS with a PAN on the quote and the voucher, and keeps it on the refund voucher of a cancellation before the invoice", async () => {
    // Two adults at ₹1,04,500 = ₹2,09,000, a traveller in Karnataka (29): IGST 5% ₹10,450, the supply ₹2,19,450.
    const booking = await book(overseasId, BENGALURU, 2);
    // Made without a PAN it asked 5% TCS; with the PAN saved, 2%: ₹2,09,000 + ₹10,450 + ₹4,389 = ₹2,23,839, and the
    // schedule's balance followed (its deposit, 25% of ₹2,30,422.50 with 5% TCS, ₹57,606, stays; the balance is the rest).
    expect([booking.totalPaise, booking.gstPaise, booking.tcsPaise]).toEqual([2_09_000_00, 10_450_00, 4_389_00]);
    expect((await bookingMoney(db, booking, NOW)).schedule.lines.map((line) => line.amountPaise)).toEqual([57_606_00, 1_66_233_00]);
    const quote = await issue(booking.id, { kind: "quote" });
    // TCS 2% (s. 394, from 1 April 2026) of ₹2,19,450 = ₹4,389.
    expect(quote).toMatchObject({ ok: true, document: { amountPaise: 2_23_839_00 } });
    const paid = await pay(booking.id, 1_02_000_00);
    const voucher = await issue(booking.id, { kind: "receipt", paymentId: paid });
    expect(voucher).toMatchObject({ ok: true, document: { kind: "receipt-voucher", amountPaise: 1_02_000_00 } });
    const figures = (await figuresOf(voucher.ok ? voucher.document.id : 0)).figures;
    // ₹1,00,000 for the package and ₹2,000 TCS; the advance split as the supply: ₹95,238.10 taxable, IGST ₹4,761.90.
    expect(figures).toMatchObject({
      received: 1_02_000_00,
      advance: { amount: 1_00_000_00, taxable: 95_238_10, taxes: [{ tax: "IGST", rateBps: 500, amount: 4_761_90 }] },
      tcs: { amount: 2_000_00, pan: "ABCPK1234F", lines: [{ base: 1_00_000_00, rateBps: 200, amount: 2_000_00 }] },
    });
    const voucherText = text((await storedDocumentPdf(booking.reference, voucher.ok ? voucher.document.id : 0))!.pdf);
    for (const expected of [
      "RECEIPT VOUCHER",
      "State: Karnataka (29)",
      "PAN: ABCPK1234F",
      "IGST @ 5% ₹4,761.90",
      "Rupees One Lakh Two Thousand Only",
      "₹2,000.00",
    ]) {
      expect(voucherText).toContain(expected);
    }

    // Cancelled 81 days out: 90% of the tour cost is refundable, so ₹21,945 of the ₹1,00,000 is kept, ₹78,055 comes back.
    await transitionBooking(booking.id, "cancel", { actor: asha, now: NOW }, { reason: "Visa refused" });
    const refund = await issue(booking.id, { kind: "credit", reason: "Visa refused." });
    expect(refund).toMatchObject({ ok: true, document: { kind: "refund-voucher", amountPaise: 78_055_00 } });
    const refunded = await figuresOf(refund.ok ? refund.document.id : 0);
    expect(refunded.figures).toMatchObject({
      paid: 1_00_000_00,
      charge: 21_945_00,
      refund: { amount: 78_055_00, taxable: 74_338_10, taxes: [{ tax: "IGST", amount: 3_716_90 }] },
      tcsKept: 2_000_00,
    });
    const refundText = text((await storedDocumentPdf(booking.reference, refund.ok ? refund.document.id : 0))!.pdf);
    for (const expected of ["REFUND VOUCHER", "Amount refunded ₹78,055.00", "Rupees Seventy Eight Thousand Fifty Five Only", "Visa refused."]) {
      expect(refundText).toContain(expected);
    }
  });
});

describe("numbering", () => {
  it("gives 200 receipt vouchers issued at once 200 distinct, consecutive numbers", async () => {
    const booked = await Promise.all(Array.from({ length: 10 }, () => book(domesticId, TRAVELLER_IN_PUNE)));
    // Twenty ₹1,000 payments on each (inserted as the ledger stores them: the numbering is what is tested here).
    const payments = await db
      .insert(paymentLedger)
      .values(
        booked.flatMap((booking) =>
          Array.from({ length: 20 }, () => ({
            bookingId: booking.id,
            kind: "payment" as const,
            amountPaise: 1_000_00,
            movedOn: "2027-01-10",
            method: "cash" as const,
          })),
        ),
      )
      .returning({ id: paymentLedger.id, bookingId: paymentLedger.bookingId });
    const before = (await counters())["receipt-voucher 2026"] ?? 0;
    const results = await Promise.all(payments.map((payment) => issue(payment.bookingId, { kind: "receipt", paymentId: payment.id }, NOW, numberOnly)));
    expect(results.filter((result) => !result.ok)).toEqual([]);
    const numbers = results.map((result) => (result.ok ? result.document.number : "")).sort();
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, index) => `RV/26-27/${String(before + index + 1).padStart(5, "0")}`));
    expect((await counters())["receipt-voucher 2026"]).toBe(before + 200);
  });

  it("starts each series at 1 again on 1 April in India, and numbers a payment after the invoice as a payment receipt", async () => {
    const lastMarch = new Date("2027-03-31T18:29:59Z"); // 23:59:59 on 31 March in India
    const firstApril = new Date("2027-03-31T18:30:00Z"); // 00:00 on 1 April
    const march = await book(domesticId, TRAVELLER_IN_PUNE);
    // Paid in full, ₹1,09,725.00, with no receipt voucher (the setting is off): the invoice asks nothing more.
    await pay(march.id, 1_09_725_00, "2027-03-31", lastMarch);
    const old = await issue(march.id, { kind: "tax-invoice" }, lastMarch);
    expect(old.ok && old.document.number).toMatch(/^PRV\/26-27\/\d{5}$/);
    // Trip starts on 1 April: invoiced that day though nothing is paid, the first of the new year's series.
    const april = await book(domesticId, TRAVELLER_IN_PUNE);
    expect(await issue(april.id, { kind: "tax-invoice" }, firstApril)).toMatchObject({ ok: true, document: { number: "PRV/27-28/00001", date: "2027-04-01" } });
    const payment = await pay(april.id, 50_000_00, "2027-04-01", firstApril);
    expect(await issue(april.id, { kind: "receipt", paymentId: payment }, firstApril)).toMatchObject({
      ok: true,
      document: { kind: "payment-receipt", number: "RC/27-28/00001", amountPaise: 50_000_00 },
    });
    const receipt = (await listBookingDocuments(april.id)).find((doc) => doc.kind === "payment-receipt")!;
    const receiptText = text((await storedDocumentPdf(april.reference, receipt.id))!.pdf);
    for (const expected of ["PAYMENT RECEIPT", "No. RC/27-28/00001", "Date 1 Apr 2027", "₹50,000.00", "Rupees Fifty Thousand Only"]) {
      expect(receiptText).toContain(expected);
    }
  });
});

describe("documents are never changed or deleted", () => {
  it("refuses an edit or a deletion in the database; a cancellation is written once, and frees the booking for a new invoice", async () => {
    const booking = await book(domesticId, TRAVELLER_IN_PUNE);
    await pay(booking.id, 1_09_725_00);
    const invoice = await issue(booking.id, { kind: "tax-invoice" }, NOW, numberOnly);
    if (!invoice.ok) throw new Error(invoice.message);
    const id = invoice.document.id;
    await expect(db.execute(sql`update tax_documents set amount_paise = 1 where id = ${id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from tax_documents where id = ${id}`)).rejects.toThrow();
    expect(await cancelDocument(booking.id, id, "Wrong traveller name.", asha, NOW, followBookingTotal)).toEqual({ ok: true, number: invoice.document.number });
    expect(await cancelDocument(booking.id, id, "Again.", asha, NOW, followBookingTotal)).toMatchObject({ ok: false, status: 409 });
    await expect(db.execute(sql`update tax_documents set cancel_reason = 'Changed.' where id = ${id}`)).rejects.toThrow();
    const [row] = await db.select({ amount: taxDocuments.amountPaise, reason: taxDocuments.cancelReason }).from(taxDocuments).where(eq(taxDocuments.id, id));
    expect(row).toEqual({ amount: 1_09_725_00, reason: "Wrong traveller name." });
    // The cancelled invoice stays listed, and a new one may be issued.
    expect(await issue(booking.id, { kind: "tax-invoice" }, NOW, numberOnly)).toMatchObject({ ok: true });
    expect((await listBookingDocuments(booking.id)).map((doc) => Boolean(doc.cancelled))).toEqual([true, false]);
    // The tax rules too: a rule is withdrawn, never edited.
    await expect(db.execute(sql`update tax_rules set figures = '{"rateBps": 1200}' where id = 'gst-package-2017-07-01'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from tax_rules where id = 'tcs-2020-10-01'`)).rejects.toThrow();
    await db.update(taxRules).set({ withdrawnAt: NOW, withdrawnReason: "Superseded." }).where(eq(taxRules.id, "tcs-2020-10-01"));
  });

  it("issues a receipt by itself when the setting says so, and refuses a mistyped company GSTIN stored around the form", async () => {
    const booking = await book(domesticId, TRAVELLER_IN_PUNE);
    const payment = await pay(booking.id, 10_000_00);
    expect(await autoReceiptForPayment(booking.id, payment, asha, NOW, followBookingTotal)).toBeNull();
    await db.update(siteSettings).set({ autoReceiptVouchers: true });
    expect(await autoReceiptForPayment(booking.id, payment, asha, NOW, followBookingTotal)).toMatchObject({ ok: true, document: { kind: "receipt-voucher" } });
    await db.update(siteSettings).set({ autoReceiptVouchers: false });
    expect(billingDetailsSchema.safeParse({ ...TRAVELLER_IN_PUNE, companyName: "Acme", gstin: "29AAPFU0939F1ZX" }).error?.issues[0]?.message).toBe(
      "Its check character does not match: one of the characters is mistyped.",
    );
    const before = await counters();
    await db.update(bookings).set({ billingCompanyName: "Acme", billingGstin: "29AAPFU0939F1ZX" }).where(eq(bookings.id, booking.id));
    expect(await issue(booking.id, { kind: "quote" })).toEqual({
      ok: false,
      status: 422,
      message: "The traveller's GSTIN: Its check character does not match: one of the characters is mistyped.",
    });
    expect(await counters()).toEqual(before);
  });
});
