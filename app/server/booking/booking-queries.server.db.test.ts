import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBookingFilters } from "~/lib/booking-list";
import { newBookingSchema } from "~/lib/booking-schema";
import type { GroupDate } from "~/lib/content-types";
import type { Viewer } from "~/server/auth/guard.server";
import type { Db } from "~/server/db/db.server";
import { activity, bookings, bookingTravellers, jobs, packages } from "~/server/db/schema.server";
import { ERASED_NAME } from "~/server/enquiry/personal-data-bookings.server";
import {
  deletePersonalData,
  findPersonalData,
  LiveBookingsError,
  parsePersonKey,
  personalDataExport,
  type PersonKey,
} from "~/server/enquiry/personal-data.server";
import { bookablePackages } from "../../../tests/support/booking-fixtures";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { insertLead, insertStaff } from "../../../tests/support/enquiry-fixtures";
import { createBooking } from "./booking-create.server";
import { bookingPackages, listBookings } from "./booking-queries.server";
import { transitionBooking } from "./booking-transitions.server";

// Two readers of the seeded database's bookings in one file, so that they pay one database copy and
// one file set-up, not two (ADR 100): the Bookings list (its describe empties the bookings it made
// when it ends) and a person's bookings in their personal data (once booking-personal-data.db.test.ts).
let db: Db;
beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
});
afterAll(closeTestDatabase);

// The Bookings list's pages (ADR 088): a bookmarked page (the pager's links) shows the same rows as the page
// number read by offset, the totals cover the whole filtered list, and a bookmark that no longer finds its
// booking falls back to the page number.
const LIST_NOW = new Date("2027-01-15T06:00:00Z");
const ROWS = 120;
const reference = (n: number) => `PRV-A${"23456789ABCDEFGHJKMNPQRSTUVWXYZ"[Math.floor(n / 31)]}${"23456789ABCDEFGHJKMNPQRSTUVWXYZ"[n % 31]}AA`;
const list = (query: string) => listBookings(parseBookingFilters(new URL(`http://x/admin/bookings?${query}`)), LIST_NOW);

describe("the Bookings list", () => {
  beforeAll(async () => {
    await db.delete(bookings);
    const [pkg] = await db.select({ id: packages.id }).from(packages).limit(1);
    await db.insert(bookings).values(
      Array.from({ length: ROWS }, (_, i) => ({
        reference: reference(i),
        packageId: pkg!.id,
        packageTitle: "Bali",
        startDate: "2027-03-01",
        endDate: "2027-03-07",
        state: i % 10 === 0 ? ("cancelled" as const) : ("confirmed" as const),
        leadName: `Traveller ${i}`,
        leadPhone: "+919845012345",
        adults: 2,
        room: "twin" as const,
        price: { basis: "Package price", units: { adult: 50_000_00, childWithBed: 0, childNoBed: 0 }, extras: [], discount: null },
        totalPaise: 100_000_00,
        // Two bookings a minute: equal times are ordered by id.
        createdAt: new Date(LIST_NOW.getTime() - Math.floor(i / 2) * 60_000),
        deletedAt: i === 7 ? LIST_NOW : null,
      })),
    );
  });
  afterAll(async () => {
    await db.delete(bookings);
  });

  it("counts the whole filtered list (119 live, 12 of them cancelled) and pages it by 50", async () => {
    const first = await list("");
    expect(first.totals).toEqual({ bookings: 119, seats: 107 * 2, totalPaise: 107 * 100_000_00 });
    expect([first.page, first.pages, first.rows.length]).toEqual([1, 3, 50]);
  });

  it("shows the same rows on a page reached by its bookmark, forwards and back, as by its number", async () => {
    const byNumber = await Promise.all([1, 2, 3].map((page) => list(`page=${page}`)));
    const second = await list(`page=2&after=${byNumber[0]!.rows.at(-1)!.reference}`);
    const third = await list(`page=3&after=${second.rows.at(-1)!.reference}`);
    const backToSecond = await list(`page=2&before=${third.rows[0]!.reference}`);
    expect(second.rows).toEqual(byNumber[1]!.rows);
    expect(third.rows).toEqual(byNumber[2]!.rows);
    expect(third.rows).toHaveLength(19);
    expect(backToSecond.rows).toEqual(byNumber[1]!.rows);
    expect([third.page, third.pages]).toEqual([3, 3]);
  });

  it("reads the page number when the bookmark finds nothing, and the last page for a page past the end", async () => {
    const byNumber = await list("page=2");
    expect((await list(`page=2&after=PRV-ZZZZZ`)).rows).toEqual(byNumber.rows);
    const past = await list("page=9");
    expect([past.page, past.rows.length]).toEqual([3, 19]);
  });

  it("offers the packages that have bookings in its filter", async () => {
    expect(await bookingPackages()).toHaveLength(1);
  });
});

// Personal data (ADR 029, ADR 088): a person's bookings are in their export; erasure keeps each booking's accounting
// record (reference, trip, amounts) and removes who (names, phone, e-mail, ages, notes, reason, e-mails, the timeline's
// before and after), and is refused while one of their bookings is still held, confirmed or waitlisted.
let admin: Viewer;
let packageId: number;
const NOW = new Date("2027-01-10T06:00:00Z");
const DATES: GroupDate[] = [{ id: "dOpen", name: "Open Batch", start: "2027-04-01", end: "2027-04-07", capacity: 20 }];
const key = (text: string) => parsePersonKey(text) as PersonKey;

async function book(values: Record<string, unknown>) {
  const input = newBookingSchema.parse({ packageId, departureId: "dOpen", room: "twin", ...values });
  const result = await createBooking(input, { actor: admin, now: NOW });
  if (!result.ok) throw new Error(result.message);
  return result.booking;
}

describe("a person's bookings in their personal data", () => {
  beforeAll(async () => {
    const staff = await insertStaff(db, "Ada Admin", "admin");
    admin = { id: staff.id, email: staff.email, name: staff.name, role: "admin" };
    [packageId] = (await bookablePackages(db, DATES)) as [number];
  });

  it("exports their bookings with the travellers, and erases who but keeps the accounting record", async () => {
    const mine = await book({
      leadName: "Meera Iyer",
      leadPhone: "+91 98450 12345",
      leadEmail: "meera@example.com",
      adults: "2",
      travellers: [
        { name: "Meera Iyer", age: "41" },
        { name: "Arjun Iyer", age: "44" },
      ],
      extras: [{ label: "Visa fee", amount: "2,500" }],
      notes: "Vegetarian; lives in Pune",
    });
    const cancelled = await transitionBooking(mine.id, "cancel", { actor: admin, now: NOW }, { reason: "Father in hospital" });
    expect(cancelled.ok).toBe(true);
    // Made from their enquiry, with another number: theirs too.
    const lead = await insertLead(db, { name: "Meera Iyer", phone: "+91 98450 12345" });
    const fromEnquiry = await book({ leadName: "Meera I", leadPhone: "+91 90000 11111", adults: "1", enquiry: `lead-${lead.id}` });
    await transitionBooking(fromEnquiry.id, "cancel", { actor: admin, now: NOW }, { reason: "Changed plans" });
    const someoneElse = await book({ leadName: "Ravi Kumar", leadPhone: "+91 91234 56789", leadEmail: "ravi@example.com", adults: "1" });

    const found = await findPersonalData(key("098450 12345"));
    const exported = personalDataExport(key("098450 12345"), found, NOW);
    expect(exported.bookings.map((row) => row.reference).sort()).toEqual([mine.reference, fromEnquiry.reference].sort());
    const mineExported = exported.bookings.find((row) => row.reference === mine.reference)!;
    expect(mineExported).toMatchObject({ leadName: "Meera Iyer", leadEmail: "meera@example.com", totalPaise: 21_150_000 });
    expect(mineExported.travellers).toEqual([
      { position: 1, kind: "adult", name: "Meera Iyer", age: 41 },
      { position: 2, kind: "adult", name: "Arjun Iyer", age: 44 },
    ]);
    // The held and cancelled e-mails to meera@example.com.
    expect(exported.notifications.filter((row) => row.subjectType === "booking-traveller")).toHaveLength(2);

    const counts = await deletePersonalData(key("+919845012345"), { viewer: admin });
    expect(counts).toMatchObject({ leads: 1, bookings: 2 });
    const [erased] = await db.select().from(bookings).where(eq(bookings.id, mine.id));
    expect(erased).toMatchObject({
      reference: mine.reference,
      leadName: ERASED_NAME,
      leadPhone: "",
      leadEmail: null,
      notes: "",
      cancelReason: "Erased at their request",
      state: "cancelled",
      adults: 2,
      totalPaise: 21_150_000,
      startDate: "2027-04-01",
    });
    expect(erased!.price.extras).toEqual([{ label: "Visa fee", amountPaise: 250_000 }]);
    const travellers = await db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, mine.id));
    expect(travellers.map(({ name, age }) => ({ name, age }))).toEqual([
      { name: "", age: null },
      { name: "", age: null },
    ]);
    // Their e-mails are gone; Ravi's stays.
    const mail = await db
      .select()
      .from(jobs)
      .where(inArray(jobs.subjectType, ["booking-traveller", "booking-team"]));
    expect(mail.map((row) => (row.payload as { to: string }).to)).toEqual(["ravi@example.com"]);
    // Nothing in the timeline names or reaches them any more.
    const timeline = await db
      .select()
      .from(activity)
      .where(inArray(activity.subjectId, [String(mine.id), String(fromEnquiry.id)]));
    expect(JSON.stringify(timeline)).not.toMatch(/Meera|98450|meera@|hospital/i);
    expect(timeline.map((row) => row.subjectLabel)).toContain(mine.reference);
    // Someone else's booking is left alone.
    const [other] = await db.select().from(bookings).where(eq(bookings.id, someoneElse.id));
    expect(other!.leadName).toBe("Ravi Kumar");
  });

  it("refuses while one of their bookings is still being served, and deletes nothing", async () => {
    const live = await book({ leadName: "Asha Rao", leadPhone: "+91 99887 76655", leadEmail: "asha@example.com", adults: "1" });
    await insertLead(db, { name: "Asha Rao", email: "asha@example.com" });
    await expect(deletePersonalData(key("Asha@Example.com"), { viewer: admin })).rejects.toThrow(LiveBookingsError);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, live.id));
    expect(row!.leadName).toBe("Asha Rao");
    expect((await findPersonalData(key("asha@example.com"))).leads).toHaveLength(1);
  });
});
