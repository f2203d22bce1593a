// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): 50 concurrent bookings of the last seats and two
// confirmations at once, under the package row's lock (FOR UPDATE) that holds between PostgreSQL's connections.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REFERENCE_PATTERN } from "~/lib/booking";
import { bookingEditSchema, newBookingSchema } from "~/lib/booking-schema";
import type { GroupDate } from "~/lib/content-types";
import type { Db } from "~/server/db/db.server";
import { activity, bookings, bookingTravellers, leads, jobs, packages, seatRequests } from "~/server/db/schema.server";
import { getPackageInput } from "~/server/package/package-input.server";
import { updatePackage } from "~/server/package/package-mutations.server";
import { seatsOf } from "~/server/seats/departure-seats.server";
import { BOOKING_TEST_PRICE, bookablePackages } from "../../../tests/support/booking-fixtures";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { createBooking } from "./booking-create.server";
import { updateBooking } from "./booking-edit.server";
import { expireDueHolds, sweepBookings } from "./booking-sweep.server";
import { deleteBooking, restoreBooking, transitionBooking } from "./booking-transitions.server";
import type { BookingContext, BookingResult } from "./booking-write.server";

let db: Db;
let packageId: number;
let otherPackageId: number;
const NOW = new Date("2027-01-10T06:00:00Z");
const asha = { id: null, email: "asha@agency.example", name: "Asha Staff" };
const ctx = (now = NOW): BookingContext => ({ actor: asha, now });

const DATES: GroupDate[] = [
  { id: "dFive", name: "Five Seats", start: "2027-03-01", end: "2027-03-07", capacity: 5 },
  { id: "dOpen", name: "Open Batch", start: "2027-04-01", end: "2027-04-07", capacity: 20 },
  { id: "dPast", name: "Gone Batch", start: "2027-01-01", end: "2027-01-07", capacity: 30 },
  { id: "dFree", name: "No Limit", start: "2027-05-01", end: "2027-05-07" },
];

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  [packageId, otherPackageId] = (await bookablePackages(db, DATES, 2)) as [number, number];
  await db
    .update(packages)
    .set({ groupDates: [{ id: "dElsewhere", name: "Elsewhere", start: "2027-06-01", end: "2027-06-07", capacity: 10 }] })
    .where(eq(packages.id, otherPackageId));
});
afterAll(closeTestDatabase);
beforeEach(async () => {
  await db.delete(bookings);
  await db.delete(jobs).where(sql`${jobs.subjectType} like 'booking-%'`);
  // Each test starts from the same departures (a test may have raised a capacity).
  await db.update(packages).set({ groupDates: DATES }).where(eq(packages.id, packageId));
});

const input = (overrides: Record<string, unknown> = {}) =>
  newBookingSchema.parse({ packageId, departureId: "dOpen", leadName: "Meera Iyer", leadPhone: "98450 12345", adults: "1", room: "twin", ...overrides });

async function book(overrides: Record<string, unknown> = {}, now = NOW) {
  const result = await createBooking(input(overrides), ctx(now));
  if (!result.ok) throw new Error(result.message);
  return result.booking;
}

const refused = (result: BookingResult) => {
  if (result.ok) throw new Error("expected a refusal");
  return result;
};

const free = async (departureId: string) =>
  (
    await seatsOf(
      db,
      packageId,
      DATES.find((date) => date.id === departureId)!,
    )
  ).free;

describe("making a booking", () => {
  it("holds seats until the setting's deadline, with a readable reference, the price copied in paise, travellers and its e-mail", async () => {
    const booking = await book({
      adults: "2",
      childrenWithBed: "1",
      leadEmail: "meera@example.com",
      travellers: [{ name: "Meera Iyer", age: "" }, { name: "Arjun Iyer" }, { name: "Kavya", age: "9" }],
      extras: [{ label: "Visa fee", amount: "2,500.50" }],
      discount: { label: "Repeat traveller", amount: "5000" },
    });
    expect(booking.reference).toMatch(REFERENCE_PATTERN);
    expect(booking).toMatchObject({ state: "held", seats: 3, leadPhone: "+919845012345", departureName: "Open Batch", startDate: "2027-04-01" });
    // 48 hours by default.
    expect(booking.holdUntil!.toISOString()).toBe("2027-01-12T06:00:00.000Z");
    // 2 × ₹1,04,500 + ₹85,000 + ₹2,500.50 − ₹5,000 = ₹2,91,500.50.
    expect(booking.totalPaise).toBe(29_150_050);
    expect(booking.price.units).toEqual({ adult: 10_450_000, childWithBed: 8_500_000, childNoBed: 6_000_000 });
    const travellers = await db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, booking.id)).orderBy(bookingTravellers.position);
    expect(travellers.map(({ kind, name, age }) => ({ kind, name, age }))).toEqual([
      { kind: "adult", name: "Meera Iyer", age: null },
      { kind: "adult", name: "Arjun Iyer", age: null },
      { kind: "child-with-bed", name: "Kavya", age: 9 },
    ]);
    expect(await free("dOpen")).toBe(17);
    const [mail] = await db.select().from(jobs).where(eq(jobs.subjectType, "booking-traveller"));
    const payload = mail!.payload as { to: string; subject: string; text: string };
    expect(payload.to).toBe("meera@example.com");
    expect(payload.subject).toContain(booking.reference);
    expect(payload.text).toContain("until 12 Jan, 11:30 am (Indian time)");
    expect(payload.text).toContain("Total: ₹2,91,500.50");
    // ADR 115: Bali is overseas and the agency's state is not set here, so IGST 5% on ₹2,91,500.50 = ₹14,575.025 → ₹14,575.03
    // (halves up), and TCS 5% without a PAN on ₹3,06,075.53 (GST included) = ₹15,303.7765 → ₹15,303.78; ₹3,21,379.31 to pay.
    expect([booking.gstPaise, booking.tcsPaise]).toEqual([1_457_503, 1_530_378]);
    expect(payload.text).toContain("  GST: ₹14,575.03\n  TCS: ₹15,303.78\n  To pay, with taxes: ₹3,21,379.31\n");

    // A later price edit of the package leaves the booking's price alone.
    await db
      .update(packages)
      .set({ price: { kind: "adultChild", adult: 120_000, childWithBed: 90_000, childNoBed: 70_000 } })
      .where(eq(packages.id, packageId));
    const edited = await updateBooking(booking.id, bookingEditSchema.parse({ ...input(), adults: "3", notes: "Window seats" }), ctx());
    expect(edited.ok && edited.booking.price.units.adult).toBe(10_450_000);
    await db.update(packages).set({ price: BOOKING_TEST_PRICE }).where(eq(packages.id, packageId));
  });

  it("made from a seat request: linked both ways, the enquiry Converted and the request Booked", async () => {
    const [lead] = await db
      .insert(leads)
      .values({ source: "seat-request", name: "Ravi Menon", phone: "+91 98450 22222", packageId, packageTitle: "x", travellers: 2 })
      .returning();
    await db.insert(seatRequests).values({
      leadId: lead!.id,
      reference: "PRV-2027-0099",
      packageId,
      departureId: "dOpen",
      departureName: "Open Batch",
      departureStart: "2027-04-01",
      departureEnd: "2027-04-07",
      adults: 2,
      room: "twin",
    });
    const booking = await book({ enquiry: `lead-${lead!.id}`, adults: "2", state: "confirmed" });
    expect(booking.leadId).toBe(lead!.id);
    const [after] = await db.select({ status: leads.status }).from(leads).where(eq(leads.id, lead!.id));
    expect(after!.status).toBe("converted");
    const [request] = await db.select({ status: seatRequests.seatStatus }).from(seatRequests).where(eq(seatRequests.leadId, lead!.id));
    expect(request!.status).toBe("booked");
    const [history] = await db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectType, "enquiry"), eq(activity.subjectId, `lead-${lead!.id}`)));
    expect(history).toMatchObject({ kind: "enquiry.status-changed", actorName: "Asha Staff", detail: { to: "converted", booking: booking.reference } });
  });

  it("a private trip has its own dates and no seat limit", async () => {
    const booking = await book({ departureId: null, startDate: "2027-02-01", endDate: "2027-02-06", adults: "4", state: "confirmed" });
    expect(booking).toMatchObject({ departureId: null, startDate: "2027-02-01", endDate: "2027-02-06", state: "confirmed", seats: 4 });
  });
});

describe("refusals: a clear message, and nothing stored", () => {
  it("bad numbers of travellers are the schema's, each on its field", () => {
    const issues = (values: Record<string, unknown>) =>
      newBookingSchema.safeParse({ packageId, departureId: "dOpen", leadName: "Meera", leadPhone: "9845012345", room: "twin", ...values }).error?.issues ?? [];
    expect(issues({ adults: "-1" })[0]).toMatchObject({ path: ["adults"], message: "At least 1 adult travels on a booking." });
    expect(issues({ adults: "1.5" })[0]).toMatchObject({ path: ["adults"], message: "Enter a whole number of adults." });
    expect(issues({ adults: "1", childrenNoBed: "-2" })[0]).toMatchObject({ path: ["childrenNoBed"] });
    expect(issues({ adults: "30", childrenWithBed: "21" })[0]).toMatchObject({ path: ["childrenWithBed"], message: "At most 50 travellers in one booking." });
    expect(issues({ adults: "51" })[0]).toMatchObject({ path: ["adults"], message: "At most 50 travellers in one booking." });
    expect(issues({ adults: "1", extras: [{ label: "Visa", amount: "10.123" }] })[0]).toMatchObject({ path: ["extras", 0, "amount"] });
  });

  it("another package's departure, a past one, a waitlist with room, a discount over the price", async () => {
    expect(refused(await createBooking(input({ departureId: "dElsewhere" }), ctx()))).toMatchObject({
      status: 422,
      fields: { departureId: expect.any(String) },
    });
    expect(refused(await createBooking(input({ departureId: "dPast" }), ctx()))).toMatchObject({
      status: 422,
      message: "The 1 Jan 2027 (Gone Batch) departure has already left.",
    });
    expect(refused(await createBooking(input({ state: "waitlisted" }), ctx()))).toMatchObject({ status: 422, free: 20 });
    expect(refused(await createBooking(input({ state: "waitlisted", departureId: "dFree" }), ctx()))).toMatchObject({ status: 422 });
    expect(refused(await createBooking(input({ discount: { label: "Too much", amount: "200000" } }), ctx()))).toMatchObject({
      fields: { "discount.amount": "The discount is larger than the price." },
    });
    expect(refused(await createBooking(input({ priceBasis: "No such option" }), ctx()))).toMatchObject({ fields: { priceBasis: expect.any(String) } });
    expect(await db.$count(bookings)).toBe(0);
    expect(await db.$count(jobs, eq(jobs.subjectType, "booking-traveller"))).toBe(0);
  });

  it("a full departure: 409 with the free seats, and the waitlist", async () => {
    await book({ departureId: "dFive", adults: "3", state: "confirmed" });
    const full = refused(await createBooking(input({ departureId: "dFive", adults: "3" }), ctx()));
    expect(full).toMatchObject({ status: 409, free: 2 });
    expect(full.message).toBe("Only 2 seats left on 1 Mar 2027 (Five Seats); this booking needs 3. Put it on the waitlist, or book 2 travellers.");
    const waiting = await book({ departureId: "dFive", adults: "3", state: "waitlisted" });
    expect(waiting.state).toBe("waitlisted");
    expect(await free("dFive")).toBe(2);
  });
});

describe("50 concurrent 1-seat bookings on a 5-seat departure", () => {
  it("exactly 5 succeed and 45 are refused with 409; seats taken equal the live bookings", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => createBooking(input({ departureId: "dFive", leadName: `Racer ${i}`, state: i % 2 ? "held" : "confirmed" }), ctx())),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(5);
    expect(results.filter((result) => !result.ok && result.status === 409)).toHaveLength(45);
    const [taken] = await db
      .select({ n: sql<number>`coalesce(sum(${bookings.seats}), 0)::int` })
      .from(bookings)
      .where(and(eq(bookings.departureId, "dFive"), sql`${bookings.state} in ('held', 'confirmed')`));
    expect(taken!.n).toBe(5);
    expect(await free("dFive")).toBe(0);
  });

  it("two staff confirming the last seats at the same moment: one gets them, the other is told", async () => {
    await book({ departureId: "dFive", adults: "3", state: "confirmed" });
    const [first, second] = await Promise.all([
      createBooking(input({ departureId: "dFive", adults: "2", state: "confirmed", leadName: "First Caller" }), ctx()),
      createBooking(input({ departureId: "dFive", adults: "2", state: "confirmed", leadName: "Second Caller" }), ctx()),
    ]);
    expect([first!.ok, second!.ok].sort()).toEqual([false, true]);
    expect((first!.ok ? second! : first!) as { message: string }).toMatchObject({ message: expect.stringMatching(/^No seats left on 1 Mar 2027/) });
  });
});

describe("transitions, each in the timeline with who and when", () => {
  it("held → confirmed → cancelled with a reason; the seats come back and the waitlist is offered them, first come first offered", async () => {
    const held = await book({ departureId: "dFive", adults: "5", leadEmail: "held@example.com" });
    const first = await book({ departureId: "dFive", adults: "2", state: "waitlisted", leadName: "First Waiting", leadEmail: "first@example.com" });
    const second = await book({ departureId: "dFive", adults: "1", state: "waitlisted", leadName: "Second Waiting" }, new Date(NOW.getTime() + 1000));
    const confirmed = await transitionBooking(held.id, "confirm", ctx());
    expect(confirmed).toMatchObject({ ok: true, booking: { state: "confirmed", holdUntil: null } });
    expect(refused(await transitionBooking(held.id, "cancel", ctx()))).toMatchObject({ status: 422, fields: { reason: expect.any(String) } });
    const later = new Date(NOW.getTime() + 3_600_000);
    expect(await transitionBooking(held.id, "cancel", ctx(later), { reason: "Visa refused" })).toMatchObject({
      ok: true,
      booking: { state: "cancelled", cancelReason: "Visa refused" },
      // The team's notice names them, in the order offered.
      offered: [`${first.reference} (First Waiting, 2 seats)`, `${second.reference} (Second Waiting, 1 seat)`],
    });
    const [a, b] = await db
      .select()
      .from(bookings)
      .where(sql`${bookings.id} in (${first.id}, ${second.id})`)
      .orderBy(bookings.id);
    expect(a).toMatchObject({ state: "held", holdUntil: new Date(later.getTime() + 48 * 3_600_000) });
    expect(b).toMatchObject({ state: "held" });
    expect(await free("dFive")).toBe(2);
    const timeline = await db
      .select({ kind: activity.kind, who: activity.actorName, detail: activity.detail })
      .from(activity)
      .where(and(eq(activity.subjectType, "booking"), eq(activity.subjectId, String(held.id))))
      .orderBy(activity.id);
    expect(timeline.map((entry) => entry.kind)).toEqual(["booking.created", "booking.confirmed", "booking.cancelled"]);
    expect(timeline[2]).toMatchObject({ who: "Asha Staff", detail: { from: "confirmed", to: "cancelled", reason: "Visa refused" } });
    const mails = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.subjectType} in ('booking-traveller', 'booking-team')`);
    const subjects = mails.map((mail) => (mail.payload as { subject: string }).subject);
    expect(subjects.filter((subject) => subject.startsWith("A place has opened up"))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.startsWith("Waitlist place offered"))).toHaveLength(2);
    expect(subjects.some((subject) => subject.startsWith("Booking cancelled"))).toBe(true);
    expect(subjects.some((subject) => subject.startsWith("Booking confirmed"))).toBe(true);
  });

  it("a hold expires at its deadline (the sweep), its seats come back; a late confirmation is refused and changes nothing", async () => {
    const held = await book({ departureId: "dFive", adults: "5" });
    expect(await free("dFive")).toBe(0);
    const late = new Date(NOW.getTime() + 49 * 3_600_000);
    expect(refused(await transitionBooking(held.id, "confirm", ctx(late)))).toMatchObject({
      status: 409,
      message: expect.stringMatching(/^This hold expired at 12 Jan, 11:30 am/),
    });
    expect(await expireDueHolds(new Date(NOW.getTime() + 47 * 3_600_000))).toEqual({ expired: 0, offered: 0 });
    expect(await expireDueHolds(late)).toEqual({ expired: 1, offered: 0 });
    const [row] = await db.select().from(bookings).where(eq(bookings.id, held.id));
    expect(row!.state).toBe("expired");
    expect(await free("dFive")).toBe(5);
    // A second sweep (another server) finds nothing to do.
    expect(await expireDueHolds(late)).toEqual({ expired: 0, offered: 0 });
  });

  it("offer needs room; complete waits for the return; states outside a transition's are refused", async () => {
    await book({ departureId: "dFive", adults: "5", state: "confirmed" });
    const waiting = await book({ departureId: "dFive", adults: "2", state: "waitlisted" });
    expect(refused(await transitionBooking(waiting.id, "offer", ctx()))).toMatchObject({ status: 409, free: 0 });
    expect(refused(await transitionBooking(waiting.id, "confirm", ctx()))).toMatchObject({ status: 409, message: expect.stringContaining("Waitlisted") });
    const trip = await book({ departureId: "dOpen", state: "confirmed" });
    expect(refused(await transitionBooking(trip.id, "complete", ctx()))).toMatchObject({
      message: "The trip returns on 7 Apr 2027: it can be marked completed after that.",
    });
    const swept = await sweepBookings(new Date("2027-04-08T00:00:00Z"));
    expect(swept.completed).toBe(2);
    const [done] = await db.select().from(bookings).where(eq(bookings.id, trip.id));
    expect(done!.state).toBe("completed");
  });

  it("a capacity raised in the package editor: the sweep offers the waitlist the new seats", async () => {
    await book({ departureId: "dFive", adults: "5", state: "confirmed" });
    const waiting = await book({ departureId: "dFive", adults: "2", state: "waitlisted" });
    const stored = (await getPackageInput(packageId))!;
    const saved = await updatePackage(
      packageId,
      { ...stored.input, groupDates: DATES.map((date) => (date.id === "dFive" ? { ...date, capacity: 7 } : date)) },
      { viewer: asha },
    );
    expect(saved).toMatchObject({ ok: true });
    expect((await sweepBookings(NOW)).offered).toBe(1);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, waiting.id));
    expect(row!.state).toBe("held");
  });
});

describe("edits and the package editor", () => {
  it("adding travellers takes seats under the lock; too many is refused with the numbers; a stale version is a conflict", async () => {
    const booking = await book({ departureId: "dFive", adults: "2", state: "confirmed" });
    await book({ departureId: "dFive", adults: "2", state: "confirmed", leadName: "Other" });
    const edit = (values: Record<string, unknown>) => bookingEditSchema.parse({ ...input({ departureId: "dFive" }), ...values });
    expect(refused(await updateBooking(booking.id, edit({ adults: "4" }), ctx()))).toMatchObject({ status: 409, free: 3 });
    const grown = await updateBooking(booking.id, edit({ adults: "3" }), ctx(), { expectedVersion: 1 });
    expect(grown).toMatchObject({ ok: true, booking: { seats: 3, version: 2 } });
    const stale = refused(await updateBooking(booking.id, edit({ adults: "2", notes: "mine" }), ctx(), { expectedVersion: 1 }));
    expect(stale.status).toBe(409);
    expect(stale.conflict).toMatchObject({
      version: 2,
      baseVersion: 1,
      by: "Asha Staff",
      theirChanges: expect.arrayContaining([{ field: "travellers", label: "travellers", from: "2 adults", to: "3 adults" }]),
    });
    expect(await free("dFive")).toBe(0);
    const [changed] = await db
      .select({ detail: activity.detail })
      .from(activity)
      .where(and(eq(activity.subjectId, String(booking.id)), eq(activity.kind, "booking.updated")));
    expect(changed!.detail).toMatchObject({ changes: expect.arrayContaining([{ field: "total", label: "total", from: "₹2,09,000", to: "₹3,13,500" }]) });
  });

  it("lowering a capacity below the seats taken, or removing a booked departure, is refused with the numbers", async () => {
    await book({ departureId: "dOpen", adults: "6", state: "confirmed" });
    await book({ departureId: "dOpen", adults: "2" });
    const stored = (await getPackageInput(packageId))!;
    const lowered = await updatePackage(
      packageId,
      { ...stored.input, groupDates: DATES.map((date) => (date.id === "dOpen" ? { ...date, capacity: 7 } : date)) },
      { viewer: asha },
    );
    expect(lowered).toMatchObject({
      ok: false,
      fields: {
        "groupDates[1].capacity":
          "8 seats are already held or confirmed on this departure: the capacity cannot be lower than 8. Cancel bookings first to lower it.",
      },
    });
    const removed = await updatePackage(packageId, { ...stored.input, groupDates: DATES.filter((date) => date.id !== "dOpen") }, { viewer: asha });
    expect(removed).toMatchObject({ ok: false, fields: { groupDates: expect.stringContaining("Open Batch (1 Apr 2027) has 2 live bookings") } });
    const renamed = await updatePackage(
      packageId,
      { ...stored.input, groupDates: DATES.map((date) => (date.id === "dOpen" ? { ...date, name: "April Batch", capacity: 8 } : date)) },
      { viewer: asha },
    );
    expect(renamed).toMatchObject({ ok: true });
    const names = await db.selectDistinct({ name: bookings.departureName }).from(bookings).where(eq(bookings.departureId, "dOpen"));
    expect(names).toEqual([{ name: "April Batch" }]);
  });

  it("an admin's delete frees the seats; restoring needs them free again", async () => {
    const booking = await book({ departureId: "dFive", adults: "5", state: "confirmed" });
    expect(await deleteBooking(booking.id, ctx())).toMatchObject({ ok: true });
    expect(await free("dFive")).toBe(5);
    const other = await book({ departureId: "dFive", adults: "1", state: "confirmed" });
    expect(refused(await restoreBooking(booking.id, ctx()))).toMatchObject({ status: 409, free: 4 });
    await transitionBooking(other.id, "cancel", ctx(), { reason: "Changed plans" });
    expect(await restoreBooking(booking.id, ctx())).toMatchObject({ ok: true, booking: { deletedAt: null } });
    expect(await free("dFive")).toBe(0);
  });
});
