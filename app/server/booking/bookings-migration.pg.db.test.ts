// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): the migration's hand-written SQL, read back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERENCE_PATTERN } from "~/lib/booking";
import { applyMigrations, migrationTags, openMigrationDatabase, type Query } from "../../../tests/support/migration-db";

/**
 * The bookings migration (ADR 088) moves what took seats before bookings
 * existed: confirmed seat requests and seats typed as "taken by hand". This
 * applies every migration before it, stores both as a deployment has them,
 * applies it and checks the seats are the same, now as bookings.
 */
let query: Query;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ query, close } = await openMigrationDatabase());
  const tags = migrationTags();
  const bookingsTag = tags.find((tag) => tag.endsWith("_bookings"))!;
  await applyMigrations(query, tags.slice(0, tags.indexOf(bookingsTag)));

  const dates = [
    { id: "dWinter", name: "Winter Batch", start: "2027-12-12", end: "2027-12-18", capacity: 20, heldSeats: 3 },
    { id: "dSpring", name: "Spring Batch", start: "2028-03-01", end: "2028-03-07", capacity: 10 },
  ];
  const [pkg] = await query(
    `insert into packages (slug, title, country, region, days, nights, description, price_from, price, thumbnail, group_dates)
     values ('bali-m', 'Bali Migrated', 'Indonesia', 'international', 7, 6, 'x', 104500, $1::jsonb, 'x', $2::jsonb) returning id`,
    [JSON.stringify({ kind: "adultChild", adult: 104500, childWithBed: 85000, childNoBed: 60000 }), JSON.stringify(dates)],
  );
  const packageId = pkg!.id as number;
  for (const [name, status, adults, children, ref] of [
    ["Asha Rao", "confirmed", 2, 1, "PRV-2027-0001"],
    ["Ravi Menon", "requested", 1, 0, "PRV-2027-0002"],
  ] as const) {
    const [lead] = await query(
      `insert into leads (source, name, phone, email, package_id, package_title, travellers) values ('seat-request', $1, '+91 98450 12345', 'a@example.com', $2, 'Bali Migrated', $3) returning id`,
      [name, packageId, adults + children],
    );
    await query(
      `insert into seat_requests (lead_id, reference, package_id, departure_id, departure_name, departure_start, departure_end, adults, children, room, seat_status, confirmed_at)
       values ($1, $2, $3, 'dWinter', 'Winter Batch', '2027-12-12', '2027-12-18', $4, $5, 'twin', $6, case when $6 = 'confirmed' then now() end)`,
      [lead!.id, ref, packageId, adults, children, status],
    );
  }
  await applyMigrations(query, [bookingsTag]);
});
afterAll(() => close());

describe("the bookings migration", () => {
  it("makes a confirmed booking of each confirmed seat request, at the package's price in paise, linked to its enquiry", async () => {
    const [booking] = await query(`select * from bookings where lead_name = 'Asha Rao'`);
    expect(booking).toMatchObject({ state: "confirmed", departure_id: "dWinter", adults: 2, children_with_bed: 1, seats: 3, room: "twin" });
    // 2 × ₹1,04,500 + 1 × ₹85,000 = ₹2,94,000.
    expect(Number(booking!.total_paise)).toBe(29_400_000);
    expect(booking!.price).toEqual({
      basis: "Package price",
      units: { adult: 10_450_000, childWithBed: 8_500_000, childNoBed: 6_000_000 },
      extras: [],
      discount: null,
    });
    expect(booking!.reference).toMatch(REFERENCE_PATTERN);
    const [request] = await query(`select seat_status from seat_requests where reference = 'PRV-2027-0001'`);
    expect(request!.seat_status).toBe("booked");
    const travellers = await query(`select position, kind, name from booking_travellers where booking_id = $1 order by position`, [booking!.id]);
    expect(travellers).toEqual([
      { position: 1, kind: "adult", name: "Asha Rao" },
      { position: 2, kind: "adult", name: "" },
      { position: 3, kind: "child-with-bed", name: "" },
    ]);
    const [created] = await query(`select kind, detail from activity where subject_type = 'booking' and subject_id = $1`, [String(booking!.id)]);
    expect(created).toMatchObject({ kind: "booking.created", detail: { migrated: true, seats: 3 } });
  });

  it("leaves a request not yet answered alone (it takes no seats)", async () => {
    expect(await query(`select id from bookings where lead_name = 'Ravi Menon'`)).toEqual([]);
    const [request] = await query(`select seat_status from seat_requests where reference = 'PRV-2027-0002'`);
    expect(request!.seat_status).toBe("requested");
  });

  it("turns seats typed as taken by hand into one confirmed booking, and the typed number goes", async () => {
    const [byHand] = await query(`select * from bookings where lead_name = 'Seats taken by hand'`);
    expect(byHand).toMatchObject({ state: "confirmed", departure_id: "dWinter", seats: 3 });
    expect(Number(byHand!.total_paise)).toBe(3 * 10_450_000);
    const [pkg] = await query(`select group_dates from packages where slug = 'bali-m'`);
    expect(pkg!.group_dates).toEqual([
      { id: "dWinter", name: "Winter Batch", start: "2027-12-12", end: "2027-12-18", capacity: 20 },
      { id: "dSpring", name: "Spring Batch", start: "2028-03-01", end: "2028-03-07", capacity: 10 },
    ]);
    // The same 6 seats are taken on the winter departure as before: 3 by hand + 3 confirmed.
    const [taken] = await query(`select sum(seats)::int as n from bookings where departure_id = 'dWinter' and state in ('held', 'confirmed')`);
    expect(taken!.n).toBe(6);
    const references = await query(`select reference from bookings`);
    expect(new Set(references.map((row) => row.reference)).size).toBe(references.length);
  });
});
