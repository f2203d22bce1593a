import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBookingFilters } from "~/lib/booking-list";
import type { Db } from "~/server/db/db.server";
import { bookings, packages } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { bookingPackages, listBookings } from "./booking-queries.server";

// The Bookings list's pages (ADR 088): a bookmarked page (the pager's links) shows the same rows as the page
// number read by offset, the totals cover the whole filtered list, and a bookmark that no longer finds its
// booking falls back to the page number.
let db: Db;
const NOW = new Date("2027-01-15T06:00:00Z");
const ROWS = 120;
const reference = (n: number) => `PRV-A${"23456789ABCDEFGHJKMNPQRSTUVWXYZ"[Math.floor(n / 31)]}${"23456789ABCDEFGHJKMNPQRSTUVWXYZ"[n % 31]}AA`;
const list = (query: string) => listBookings(parseBookingFilters(new URL(`http://x/admin/bookings?${query}`)), NOW);

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
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
      // Every third booking carries its taxes (ADR 115): ₹5,000 GST and ₹2,100 TCS on its ₹1,00,000.
      ...(i % 3 === 0 ? { gstPaise: 5_000_00, tcsPaise: 2_100_00 } : {}),
      // Two bookings a minute: equal times are ordered by id.
      createdAt: new Date(NOW.getTime() - Math.floor(i / 2) * 60_000),
      deletedAt: i === 7 ? NOW : null,
    })),
  );
});
afterAll(async () => {
  await db.delete(bookings);
  await closeTestDatabase();
});

describe("the Bookings list", () => {
  it("counts the whole filtered list (119 live, 12 of them cancelled) and pages it by 50", async () => {
    const first = await list("");
    // Of the 107 live (not cancelled) bookings, 36 carry taxes: i = 3, 6, … 117 less i = 30, 60, 90 (every tenth is cancelled).
    expect(first.totals).toEqual({ bookings: 119, seats: 107 * 2, totalPaise: 107 * 100_000_00, askedPaise: 107 * 100_000_00 + 36 * 7_100_00 });
    const taxed = first.rows.find((row) => row.reference === reference(3))!;
    const untaxed = first.rows.find((row) => row.reference === reference(4))!;
    expect([taxed.totalPaise, taxed.askedPaise, untaxed.askedPaise]).toEqual([100_000_00, 107_100_00, 100_000_00]);
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
