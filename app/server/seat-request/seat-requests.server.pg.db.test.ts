// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): concurrent confirmations of the last seats under the package row's lock (FOR
// UPDATE).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/db.server";
import { leads, jobs, packages, seatRequests } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { cancelSeatRequest, confirmSeatRequest, createSeatRequest } from "./seat-requests.server";
import { seatRequestSchema } from "./seat-request-schema";
import { packageDepartureSeats } from "~/server/package/departure-seats.server";

let db: Db;
let pkg: typeof packages.$inferSelect = undefined as never;
const NOW = new Date("2027-01-10T06:00:00Z");

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  const [first] = await db.select().from(packages).where(eq(packages.status, "published")).limit(1);
  // Two departures of our own: one with 8 seats, one without a capacity.
  const groupDates = [
    { id: "dRace", name: "Race Batch", start: "2027-03-01", end: "2027-03-07", capacity: 8 },
    { id: "dOpen", name: "Open Batch", start: "2027-04-01", end: "2027-04-07", capacity: 20, heldSeats: 4 },
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
    expect((ack?.payload as { to: string; text: string }).to).toBe("asha@example.com");
    expect((ack?.payload as { text: string }).text).toContain("not yet a booking");
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
    expect(await createSeatRequest(request({ departureId: "dOpen", adults: "20" }), pkg, NOW)).toMatchObject({ ok: false, refused: "too-many" });
    expect(await db.$count(seatRequests)).toBe(before);
  });

  // What each engine proves (both were tried by breaking the code, ADR 084). PostgreSQL: the package row's lock
  // (FOR UPDATE) holds between separate connections; without the lock this test failed there, and passed on PGlite.
  // PGlite runs one transaction at a time (one connection, as in production with it), so a missing lock cannot
  // show there; it proves that the count and the confirmation are one transaction: with the seats counted before
  // the transaction, the 20 interleaved calls failed this test on PGlite too.
  it("20 concurrent confirmations of 1 traveller on a departure with 8 seats: exactly 8 succeed", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const outcome = await createSeatRequest(request({ name: `Racer ${i}` }), pkg, NOW);
      if (!outcome.ok) throw new Error(outcome.message);
      ids.push(outcome.leadId);
    }
    const results = await Promise.all(ids.map((id) => confirmSeatRequest(id)));
    expect(results.filter((result) => result.outcome === "confirmed")).toHaveLength(8);
    expect(results.filter((result) => result.outcome === "full")).toHaveLength(12);
    const [race] = (await packageDepartureSeats(pkg.id, pkg.groupDates)).filter((date) => date.id === "dRace");
    expect(race!.seats).toMatchObject({ capacity: 8, confirmed: 8, left: 0, requested: 12 });

    // Sold out: a new request is refused with the dates that still have room.
    const refused = await createSeatRequest(request(), pkg, NOW);
    expect(refused).toMatchObject({ ok: false, refused: "sold-out", status: 409 });
    expect((refused as { message: string }).message).toMatch(/^This date just sold out\. These dates still have room: Open Batch/);

    // Cancelling a confirmed request frees its seat, and another can be confirmed.
    const confirmed = ids.filter((_, index) => results[index]!.outcome === "confirmed");
    const waiting = ids.filter((_, index) => results[index]!.outcome === "full");
    expect(await cancelSeatRequest(confirmed[0]!)).toEqual({ outcome: "cancelled" });
    expect(await confirmSeatRequest(confirmed[0]!)).toEqual({ outcome: "was-cancelled" });
    expect(await confirmSeatRequest(waiting[0]!)).toEqual({ outcome: "confirmed" });
    expect(await confirmSeatRequest(waiting[1]!)).toMatchObject({ outcome: "full", left: 0 });
  });
});
