// ADR 108 and 120 (2026-11-29): the PAN the lead traveller gives on the trip page changes no amount by itself;
// the team's "Use it for TCS" makes it the billing PAN through the billing write, so the TCS rate, the asked total
// and the schedule follow as when the team types it. An overseas ₹1,04,500 booking billed in Maharashtra, no payments.
// Every figure by hand:
//   GST 5% of ₹1,04,500.00 = ₹5,225.00; the supply ₹1,09,725.00.
//   Without a PAN: TCS 5% of ₹1,09,725.00 = ₹5,486.25; asked ₹1,04,500.00 + ₹5,225.00 + ₹5,486.25 = ₹1,15,211.25;
//     deposit 25% of ₹1,15,211.25 = ₹28,802.8125 → ₹28,803.00; balance ₹1,15,211.25 − ₹28,803.00 = ₹86,408.25.
//   With the PAN: TCS 2% of ₹1,09,725.00 = ₹2,194.50; asked ₹1,04,500.00 + ₹5,225.00 + ₹2,194.50 = ₹1,11,919.50;
//     the deposit stays ₹28,803.00; balance ₹1,11,919.50 − ₹28,803.00 = ₹83,116.50.
// Also what the trip page says of the PAN (its hint names the rates of the TCS rule in force on the page's day) and
// whether it asks for passports (the package's overseas setting first, then its region: `isPackageAbroad`).
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { panHint } from "~/lib/tcs-pan-hint";
import { askedPaise } from "~/lib/booking-amount";
import type { Viewer } from "~/server/auth/guard.server";
import type { Db } from "~/server/db/db.server";
import { activity, bookings, bookingTravellers, packages, siteSettings, travellerDetails } from "~/server/db/schema.server";
import { resetEnvForTests } from "~/server/env.server";
import { bookingTimeline } from "~/server/booking/booking-queries.server";
import { updateBillingDetails } from "~/server/document/document-billing.server";
import { bookingMoney } from "~/server/payment-ledger/booking-money.server";
import { followBookingTotal } from "~/server/payment-ledger/schedule-write.server";
import { addTaxRule, withdrawTaxRule } from "~/server/tax/tax-rules-admin.server";
import { bookablePackages } from "../../../tests/support/booking-fixtures";
import { APRIL_BATCH, bookAshaRao, priceForTcsTests, tcsRuleInput, TRAVELLER_IN_PUNE } from "../../../tests/support/overseas-booking";
import { insertStaff } from "../../../tests/support/enquiry-fixtures";
import { rs } from "../../../tests/support/tax-figures";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { sealField } from "./sealed-field.server";
import { giveConsent, saveDetailField } from "./trip-actions.server";
import { NO_KEY_FOR_TCS, TRIP_PAN_INTENT, tripPanOffer, applyTripPanForTcs } from "./trip-pan-for-tcs.server";
import { loadTripPage } from "./trip-page.server";
import { handleTripIntent, loadTripPanel, requireTripRight } from "./trip-staff.server";

let db: Db;
let packageId: number;
let admin: Viewer;
let editor: Viewer;
const KEY = "b".repeat(64);
const PAN = "ABCPK1234F";
const NOW = new Date("2027-01-10T06:00:00Z");
const keyBefore = process.env.TRAVELLER_DATA_KEY;

const setKey = (key: string | undefined) => {
  if (key === undefined) delete process.env.TRAVELLER_DATA_KEY;
  else process.env.TRAVELLER_DATA_KEY = key;
  resetEnvForTests();
};

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  [packageId] = (await bookablePackages(db, APRIL_BATCH, 1)) as [number];
  await priceForTcsTests(db, packageId);
  await db.update(packages).set({ region: "international" }).where(eq(packages.id, packageId));
  await db.update(siteSettings).set({ businessStateCode: "27", autoReceiptVouchers: false });
  const [a, e] = [await insertStaff(db, "Ada Admin", "admin"), await insertStaff(db, "Eli Editor", "editor")];
  admin = { id: a.id, email: a.email, name: a.name, role: "admin" };
  editor = { id: e.id, email: e.email, name: e.name, role: "editor" };
});
afterEach(() => setKey(keyBefore));
afterAll(closeTestDatabase);

/** A confirmed booking billed in Pune with no PAN, whose lead traveller saved `pan` on the trip page (null: none). */
async function bookedWithTripPan(pan: string | null) {
  setKey(KEY);
  const billed = await bookAshaRao(packageId, { actor: { id: admin.id, email: admin.email, name: admin.name }, now: NOW }, TRAVELLER_IN_PUNE);
  const [lead] = await db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, billed.id));
  await giveConsent(billed, NOW);
  if (pan !== null) expect(await saveDetailField(billed, { travellerId: lead!.id, field: "pan", value: pan }, NOW)).toMatchObject({ ok: true });
  return billed.id;
}
const row = async (id: number) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const amounts = async (id: number) => {
  const booking = await row(id);
  const money = await bookingMoney(db, booking, NOW);
  return {
    pan: booking.billingPan,
    taxes: [booking.totalPaise, booking.gstPaise, booking.tcsPaise],
    asked: askedPaise(booking),
    schedule: money.schedule.lines.map((line) => line.amountPaise),
  };
};
const NO_PAN = {
  pan: null,
  taxes: [rs("1,04,500.00"), rs("5,225.00"), rs("5,486.25")],
  asked: rs("1,15,211.25"),
  schedule: [rs("28,803.00"), rs("86,408.25")],
};

describe("the lead traveller's PAN from the trip page, used for TCS", () => {
  it("changes nothing when saved; the team's click makes it the billing PAN: TCS 2%, the total and the balance follow, the timeline shows it masked", async () => {
    const id = await bookedWithTripPan(PAN.toLowerCase());
    // Saved on the trip page: still 5% TCS, and the booking page offers it, masked.
    expect(await amounts(id)).toEqual(NO_PAN);
    expect((await loadTripPanel(await row(id), editor)).panForTcs).toEqual({ masked: "XXXX234F", keyMissing: false });

    const answer = (await handleTripIntent(TRIP_PAN_INTENT, new FormData(), await row(id), editor, "203.0.113.9", NOW)) as Response;
    expect(answer.status).toBe(303);
    expect(await amounts(id)).toEqual({
      pan: PAN,
      taxes: [rs("1,04,500.00"), rs("5,225.00"), rs("2,194.50")],
      asked: rs("1,11,919.50"),
      schedule: [rs("28,803.00"), rs("83,116.50")],
    });
    // Offered no more: the booking has its billing PAN.
    expect(await tripPanOffer(await row(id))).toBeNull();

    const entry = (await bookingTimeline(id)).at(-1)!;
    expect(entry).toMatchObject({
      who: "Eli Editor",
      text: "The PAN the lead traveller gave on the trip page is now used for TCS",
      details: ["set PAN to “XXXX234F”", "Payment schedule: Balance ₹86,408.25 → ₹83,116.50"],
    });
    // The clear PAN is nowhere in the booking's log.
    const logged = JSON.stringify(
      await db
        .select()
        .from(activity)
        .where(eq(activity.subjectId, String(id))),
    );
    expect(logged).not.toContain(PAN);
    expect(logged).toContain("XXXX234F");
  });

  it("is guarded by the billing details' rule (canIssueDocuments): editors and admins, not a viewer with a pending requirement", () => {
    expect(() => requireTripRight(TRIP_PAN_INTENT, editor)).not.toThrow();
    expect(() => requireTripRight(TRIP_PAN_INTENT, admin)).not.toThrow();
    const pending: Viewer = { ...editor, pending: "change-password" };
    let thrown: unknown;
    try {
      requireTripRight(TRIP_PAN_INTENT, pending);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as { init?: { status?: number } }).init?.status).toBe(403);
  });

  it("without TRAVELLER_DATA_KEY: the offer says the key is missing, the click is refused with a 409 and nothing changes", async () => {
    const id = await bookedWithTripPan(PAN);
    const before = await row(id);
    setKey(undefined);
    expect(await tripPanOffer(before)).toEqual({ masked: "XXXX234F", keyMissing: true });
    expect(await applyTripPanForTcs(before, admin, { now: NOW }, followBookingTotal)).toEqual({ ok: false, status: 409, message: NO_KEY_FOR_TCS });
    const answer = await handleTripIntent(TRIP_PAN_INTENT, new FormData(), before, admin, undefined, NOW);
    expect((answer as unknown as { init: { status: number } }).init.status).toBe(409);
    expect(await amounts(id)).toEqual(NO_PAN);
    expect((await row(id)).version).toBe(before.version);
    expect((await bookingTimeline(id)).at(-1)!.text).not.toContain("trip page");
  });

  it("never overwrites a billing PAN the team typed, even one typed after the page was read", async () => {
    const id = await bookedWithTripPan(PAN);
    const read = await row(id);
    // Someone types another PAN meanwhile: the click carries the version it read, and is refused.
    const typed = await updateBillingDetails(id, { ...TRAVELLER_IN_PUNE, pan: "AAAPL1234C" }, { actor: admin, now: NOW }, { followTotal: followBookingTotal });
    expect(typed.ok).toBe(true);
    expect(await applyTripPanForTcs(read, admin, { now: NOW }, followBookingTotal)).toMatchObject({ ok: false, status: 409 });
    expect(await applyTripPanForTcs(await row(id), admin, { now: NOW }, followBookingTotal)).toMatchObject({ ok: false, status: 409 });
    expect((await row(id)).billingPan).toBe("AAAPL1234C");
  });

  it("takes on the trip page only a PAN the billing check takes; one stored before that check is refused (422), nothing changed", async () => {
    // "D" is no PAN holder type (P for a person, C for a company …): the trip page refuses it as the billing form does.
    const id = await bookedWithTripPan("AAAPL1234C");
    const [lead] = await db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, id));
    expect(await saveDetailField(await row(id), { travellerId: lead!.id, field: "pan", value: "ABCDE1234F" }, NOW)).toMatchObject({
      ok: false,
      error: expect.stringContaining('"D" is not one of them'),
    });
    // A PAN the trip page stored before it used that check (only the pattern then).
    await db
      .update(travellerDetails)
      .set({ panSealed: sealField("ABCDE1234F", Buffer.from(KEY, "hex")), panLast4: "234F" })
      .where(eq(travellerDetails.travellerId, lead!.id));
    const before = await row(id);
    expect(await applyTripPanForTcs(before, editor, { now: NOW }, followBookingTotal)).toEqual({
      ok: false,
      status: 422,
      message: "The PAN from the trip page is not a valid PAN: ask the traveller for it again.",
    });
    expect(await amounts(id)).toEqual(NO_PAN);
    expect((await row(id)).version).toBe(before.version);
  });
});

describe("the trip page's PAN hint and passport fields", () => {
  const HREFS = { document: (id: number) => `/d/${id}`, itinerary: "/i.pdf" };
  const page = async (id: number, now = NOW) => (await loadTripPage(await row(id), now, HREFS)).details;
  /** The package's overseas setting and region for one test, as they were after it. */
  async function withPackage<T>(values: { overseas: boolean | null; region: "international" | "national" }, run: () => Promise<T>): Promise<T> {
    await db.update(packages).set(values).where(eq(packages.id, packageId));
    try {
      return await run();
    } finally {
      await db.update(packages).set({ overseas: true, region: "international" }).where(eq(packages.id, packageId));
    }
  }

  it("names the rates of the TCS rule in force on the page's Indian day: an admin's rule from 1 Feb 2027 (0.5%, 5% without a PAN) from that day on", async () => {
    const id = await bookedWithTripPan(PAN);
    // The seeded rule until then: 2%, without a PAN twice that but at least 5%: 5%.
    expect(panHint((await page(id)).tcs, true)).toBe(
      "10 characters, e.g. ABCPK1234F. Needed for the tax collected at source on trips abroad: with it, TCS is 2% instead of 5% once our team has added it to your booking.",
    );
    const rule = tcsRuleInput({ effectiveFrom: "2027-02-01", rate: "0.5" });
    const added = await addTaxRule(rule, { viewer: admin, ip: null });
    if (!added.ok) throw new Error(added.message);
    try {
      // 00:00 on 1 February 2027 in India is 18:30 UTC on 31 January; a second before, the old rule.
      expect(panHint((await page(id, new Date("2027-01-31T18:29:59Z"))).tcs, true)).toContain("TCS is 2% instead of 5% once");
      // 0.5% with a PAN; without one, twice 0.5% is 1%, below the 5% at least: 5%.
      expect(panHint((await page(id, new Date("2027-01-31T18:30:00Z"))).tcs, true)).toContain("TCS is 0.5% instead of 5% once");
      expect(panHint((await page(id, new Date("2027-03-15T06:00:00Z"))).tcs, true)).toContain("TCS is 0.5% instead of 5% once");
      // The other travellers: why, without the rates.
      expect(panHint((await page(id)).tcs, false)).toBe("10 characters, e.g. ABCPK1234F. Needed for the tax collected at source on trips abroad.");
    } finally {
      await withdrawTaxRule(added.id, "Entered for a test", { viewer: admin, ip: null });
    }
  });

  it("a package set not overseas in the international region: no passport fields, and a booking that asks no TCS hears nothing of it", async () => {
    await withPackage({ overseas: false, region: "international" }, async () => {
      const id = await bookedWithTripPan(null);
      expect((await row(id)).tcsPaise).toBe(0);
      const details = await page(id);
      expect(details.overseas).toBe(false);
      expect(details.travellers[0]!.expiryWarning).toBeUndefined();
      expect(details.tcs).toBeNull();
      expect(panHint(details.tcs, true)).toBe("10 characters, e.g. ABCPK1234F.");
      const [lead] = await db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, id));
      expect(await saveDetailField(await row(id), { travellerId: lead!.id, field: "passportIssuedOn", value: "2020-01-01" }, NOW)).toMatchObject({
        ok: false,
        error: "Passport details are asked only for trips abroad.",
      });
      // Nor a PAN: it serves only the TCS on a trip abroad. Clearing one is always allowed.
      expect(await saveDetailField(await row(id), { travellerId: lead!.id, field: "pan", value: PAN }, NOW)).toMatchObject({
        ok: false,
        error: "A PAN is asked only for trips abroad (for the tax collected at source).",
      });
      expect(await saveDetailField(await row(id), { travellerId: lead!.id, field: "pan", value: "" }, NOW)).toMatchObject({ ok: true });
    });
  });

  it("a package set overseas in the national region asks for passports and warns of one expiring within 6 months of the return", async () => {
    await withPackage({ overseas: true, region: "national" }, async () => {
      const id = await bookedWithTripPan(PAN);
      const [lead] = await db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, id));
      // The return is 7 April 2027: a passport expiring 1 August 2027 is within 6 months of it.
      expect(await saveDetailField(await row(id), { travellerId: lead!.id, field: "passportExpiresOn", value: "2027-08-01" }, NOW)).toMatchObject({ ok: true });
      const details = await page(id);
      expect(details.overseas).toBe(true);
      expect(details.travellers[0]!.values.passportExpiresOn).toBe("2027-08-01");
      expect(details.travellers[0]!.expiryWarning).toMatch(/6 months/);
      expect(details.tcs).toEqual({ slabs: [{ upToPaise: null, withPanBps: 200, withoutPanBps: 500 }] });
    });
  });
});
