import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/db.server";
import { bookings, jobs, leads, packages, seatRequests } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { cancelSeatRequest, createSeatRequest } from "./seat-requests.server";
import { seatRequestSchema } from "./seat-request-schema";

let db: Db;
let pkg: typeof packages.$inferSelect = undefined as never;
const NOW = new Date("2027-01-10T06:00:00Z");

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  const [first] = await db.select().from(packages).where(eq(packages.status, "published")).limit(1);
  // Two departures of our own: one with 8 seats, one without a capacity.
  const groupDates = [
    { id: "dRace", name: "Race Batch", start: "2027-03-01", end: "2027-03-07", capacity: 8 },
    { id: "dOpen", name: "Open Batch", start: "2027-04-01", end: "2027-04-07", capacity: 20 },
    { id: "dPast", name: "Gone Batch", start: "2027-01-01", end: "2027-01-07", capacity: 30 },
    { id: "dNone", name: "Phone Batch", start: "2027-05-01", end: "2027-05-07" },
  ];
  pkg = (await db.update(packages).set({ groupDates }).where(eq(packages.id, first!.id)).returning())[0]!;
});
afterAll(closeTestDatabase);

const request = (overrides: Record<string, unknown> = {}) =>
  seatRequestSchema.parse({ departureId: "dRace", name: "Asha Rao", phone: "+91 98450 12345", adults: "1", children: "", room: "twin", ...overrides });

describe("seat requests", () => {
  it("stores a request with a yearly reference, the team's e-mail and the visitor's acknowledgement", async () => {
    const outcome = await createSeatRequest(request({ departureId: "dOpen", adults: "2", email: "asha@example.com" }), pkg, NOW);
    expect(outcome).toMatchObject({ ok: true, reference: "PRV-2027-0001" });
    const leadId = (outcome as { leadId: number }).leadId;
    const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ source: "seat-request", travellers: 2, preferredMonth: "2027-04", status: "new" });
    const queued = await db.select().from(jobs).where(eq(jobs.subjectId, leadId));
    const ack = queued.find((job) => job.subjectType === "seat-request-ack");
    expect(ack?.payload).toMatchObject({ to: "asha@example.com", text: expect.stringContaining("not yet a booking") });
    expect(queued.some((job) => job.subjectType === "lead" && job.type === "email")).toBe(true);
    const again = await createSeatRequest(request({ departureId: "dOpen" }), pkg, NOW);
    expect(again).toMatchObject({ ok: true, reference: "PRV-2027-0002" });
  });

  it("refuses a past departure, another package's, one without seats, a draft, and stores nothing", async () => {
    const before = await db.$count(seatRequests);
    expect(await createSeatRequest(request({ departureId: "dPast" }), pkg, NOW)).toMatchObject({ ok: false, refused: "past", status: 422 });
    expect(await createSeatRequest(request({ departureId: "dElsewhere" }), pkg, NOW)).toMatchObject({ ok: false, refused: "unknown-departure" });
    expect(await createSeatRequest(request({ departureId: "dNone" }), pkg, NOW)).toMatchObject({ ok: false, refused: "no-seats" });
    expect(await createSeatRequest(request(), { ...pkg, status: "draft" }, NOW)).toMatchObject({ ok: false, refused: "draft", status: 404 });
    expect(await createSeatRequest(request({ departureId: "dRace", adults: "9" }), pkg, NOW)).toMatchObject({ ok: false, refused: "too-many" });
    expect(await db.$count(seatRequests)).toBe(before);
  });

  it("seats are counted from bookings: a departure they fill is sold out, with the dates that still have room; declining frees nothing", async () => {
    const booking = {
      packageId: pkg.id,
      packageTitle: pkg.title,
      departureId: "dRace",
      departureName: "Race Batch",
      startDate: "2027-03-01",
      endDate: "2027-03-07",
      leadName: "Phone Sale",
      leadPhone: "+919845012345",
      room: "twin" as const,
      price: { basis: "Package price", units: { adult: 0, childWithBed: 0, childNoBed: 0 }, extras: [], discount: null },
      totalPaise: 0,
    };
    await db.insert(bookings).values([
      { ...booking, reference: "PRV-AAAAA", state: "confirmed", adults: 5 },
      { ...booking, reference: "PRV-AAAAB", state: "held", adults: 2, holdUntil: new Date("2027-01-12T00:00:00Z") },
      // Neither a waitlisted nor a cancelled booking takes a seat.
      { ...booking, reference: "PRV-AAAAC", state: "waitlisted", adults: 4 },
      { ...booking, reference: "PRV-AAAAD", state: "cancelled", adults: 4 },
    ]);
    const tooMany = await createSeatRequest(request({ adults: "2" }), pkg, NOW);
    expect(tooMany).toMatchObject({ ok: false, refused: "too-many", message: "Only 1 seat is left on this date. Please ask for 1 or fewer, or call us." });
    const stored = await createSeatRequest(request({ name: "Last Seat" }), pkg, NOW);
    expect(stored).toMatchObject({ ok: true });
    // A request takes no seat: the last seat is still free for another.
    expect(await createSeatRequest(request({ name: "Also Last" }), pkg, NOW)).toMatchObject({ ok: true });
    await db.insert(bookings).values({ ...booking, reference: "PRV-AAAAE", state: "confirmed", adults: 1 });
    const refused = await createSeatRequest(request(), pkg, NOW);
    expect(refused).toMatchObject({ ok: false, refused: "sold-out", status: 409 });
    expect((refused as { message: string }).message).toMatch(/^This date just sold out\. These dates still have room: Open Batch/);

    const leadId = (stored as { leadId: number }).leadId;
    expect(await cancelSeatRequest(leadId)).toEqual({ outcome: "cancelled" });
    expect(await cancelSeatRequest(leadId)).toEqual({ outcome: "unchanged" });
    await db
      .update(seatRequests)
      .set({ seatStatus: "booked" })
      .where(eq(seatRequests.leadId, ((await createSeatRequest(request({ departureId: "dOpen" }), pkg, NOW)) as { leadId: number }).leadId));
  });
});
