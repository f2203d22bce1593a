// ADR 122 on two servers: the TCS rework job run twice at the same moment (two workers, or a try retried while the
// first is still running) changes each open booking once. Each booking is worked under its row lock and compared
// before it is written, so whichever run takes the lock second finds nothing to change. Which run moves the booking
// is not asserted: only that exactly one did, and the figures. Every figure by hand; a fixed clock.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/db.server";
import { activity, bookings, siteSettings, taxRules } from "~/server/db/schema.server";
import { recordPayment } from "~/server/payment-ledger/ledger-write.server";
import { followBookingTotal } from "~/server/payment-ledger/schedule-write.server";
import { TAX_RULES_SEED } from "~/server/tax/tax-rules-seed.server";
import { taxRuleRow } from "~/server/tax/tax-store.server";
import { AGENCY_IN_PUNE, bookablePackages } from "../../../tests/support/booking-fixtures";
import { APRIL_BATCH, bookAshaRao, priceForTcsTests, TRAVELLER_IN_PUNE } from "../../../tests/support/overseas-booking";
import { rs } from "../../../tests/support/tax-figures";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { issueDocument } from "./document-issue.server";
import { reworkOpenBookingsTcs } from "./tcs-rework.server";

let db: Db;
let packageId: number;
const asha = { id: null, email: "asha@agency.example", name: "Asha Staff" };
const at = (date: string) => new Date(`${date}T06:00:00Z`);
const render = async (snapshot: { number: string }) => Buffer.from(`%PDF ${snapshot.number}`);

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  [packageId] = (await bookablePackages(db, APRIL_BATCH, 1)) as [number];
  await priceForTcsTests(db, packageId);
  await db.update(siteSettings).set(AGENCY_IN_PUNE);
});
afterAll(closeTestDatabase);

async function bookWithDeposit(): Promise<number> {
  const { id } = await bookAshaRao(packageId, { actor: asha, now: at("2027-01-10") }, { ...TRAVELLER_IN_PUNE, pan: "ABCPK1234F" });
  const paid = await recordPayment(id, { amountPaise: rs("28,803.00"), receivedOn: "2027-01-10", method: "cash", reference: null }, asha, at("2027-01-10"));
  if (!paid.ok) throw new Error(paid.message);
  const issued = await issueDocument(id, { kind: "receipt", paymentId: paid.entry.id }, asha, at("2027-01-10"), { render, followTotal: followBookingTotal });
  if (!issued.ok) throw new Error(issued.message);
  return id;
}

describe("the TCS rework run twice at once", () => {
  it("moves each open booking once: one timeline entry each, the figures of one rework", async () => {
    // Three bookings as in tcs-rework.db.test.ts: with the PAN, a ₹28,803.00 deposit at 2% (₹28,238.24 + TCS ₹564.76),
    // TCS ₹2,194.50 (₹564.76 + 2% of the rest ₹81,486.76, ₹1,629.74), balance ₹83,116.50.
    const ids = [await bookWithDeposit(), await bookWithDeposit(), await bookWithDeposit()];
    await db.insert(taxRules).values(
      taxRuleRow({
        kind: "tcs",
        rule: { ...TAX_RULES_SEED.tcs.at(-1)!, id: "tcs-test-2027-03-01", effectiveFrom: "2027-03-01", slabs: [{ upTo: null, rateBps: 100 }] },
      }),
    );
    // 00:00 on 1 March in India, two runs at once.
    const midnight = new Date("2027-02-28T18:30:00Z");
    const [first, second] = await Promise.all([reworkOpenBookingsTcs(midnight, followBookingTotal), reworkOpenBookingsTcs(midnight, followBookingTotal)]);
    // Between them, each booking moved exactly once (by either run).
    expect([...first, ...second].map((move) => move.bookingId).sort((a, b) => a - b)).toEqual(ids);
    for (const id of ids) {
      // The rest ₹81,486.76 at 1%: ₹814.8676 → ₹814.87; TCS ₹564.76 + ₹814.87 = ₹1,379.63.
      const [row] = await db.select({ tcs: bookings.tcsPaise }).from(bookings).where(eq(bookings.id, id));
      expect(row!.tcs).toBe(rs("1,379.63"));
      const entries = await db
        .select({ detail: activity.detail })
        .from(activity)
        .where(eq(activity.subjectId, String(id)));
      expect(entries.filter((entry) => String(entry.detail.text ?? "").startsWith("TCS worked out again"))).toHaveLength(1);
    }
    // A third run, after both: nothing left to change.
    expect(await reworkOpenBookingsTcs(midnight, followBookingTotal)).toEqual([]);
  });
});
