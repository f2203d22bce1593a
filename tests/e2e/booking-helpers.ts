import crypto from "node:crypto";

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** A reference of the bookings' alphabet that no real booking has (random, the fixture's own). */
const fixtureReference = () => `PRV-${Array.from(crypto.randomBytes(5), (byte) => "23456789ABCDEFGHJKMNPQRSTUVWXYZ"[byte % 31]).join("")}`;

/**
 * A booking stored directly (a phone sale the team made): `seats` adults on a
 * departure of a package, in `state`. Returns its reference; the caller removes
 * it (deleteBookings) after the test.
 */
export async function insertBooking(
  query: Query,
  booking: { packageSlug: string; departureId: string; seats: number; state?: "held" | "confirmed" | "waitlisted"; leadName?: string; holdHours?: number },
): Promise<string> {
  const reference = fixtureReference();
  const [row] = await query(
    `insert into bookings (reference, package_id, package_title, departure_id, departure_name, start_date, end_date, state, hold_until, waitlisted_at,
       lead_name, lead_phone, adults, room, price, total_paise)
     select $1, p.id, p.title, d->>'id', d->>'name', (d->>'start')::date, (d->>'end')::date, $4::text,
       case when $4::text = 'held' then now() + make_interval(hours => $7::int) end, case when $4::text = 'waitlisted' then now() end,
       $5, '+919845012345', $6::int, 'twin',
       '{"basis":"Package price","units":{"adult":10450000,"childWithBed":0,"childNoBed":0},"extras":[],"discount":null}'::jsonb, 10450000 * $6::int
     from packages p cross join lateral jsonb_array_elements(p.group_dates) d
     where p.slug = $2 and d->>'id' = $3
     returning id`,
    [
      reference,
      booking.packageSlug,
      booking.departureId,
      booking.state ?? "confirmed",
      booking.leadName ?? "Phone Sale",
      booking.seats,
      booking.holdHours ?? 48,
    ],
  );
  if (!row) throw new Error(`no departure ${booking.departureId} on ${booking.packageSlug}`);
  await query(
    `insert into booking_travellers (booking_id, position, kind, name) select $1, g, 'adult', case when g = 1 then $2 else '' end from generate_series(1, $3::int) g`,
    [row.id, booking.leadName ?? "Phone Sale", booking.seats],
  );
  return reference;
}

/**
 * Removes bookings (their travellers cascade) and their timelines and e-mails.
 * Lists go as comma-joined text: the fixture route binds an array as a list of values.
 */
export async function deleteBookings(query: Query, where: { references?: string[]; packageSlug?: string }) {
  const rows = await query(
    `select b.id from bookings b left join packages p on p.id = b.package_id where b.reference = any(string_to_array($1::text, ',')) or p.slug = $2`,
    [(where.references ?? []).join(","), where.packageSlug ?? ""],
  );
  const ids = rows.map((row) => String(row.id)).join(",");
  await query(
    `delete from jobs where subject_type like 'booking-%' and subject_id in (select id from activity where subject_type = 'booking' and subject_id = any(string_to_array($1::text, ',')))`,
    [ids],
  );
  await query(`delete from activity where subject_type = 'booking' and subject_id = any(string_to_array($1::text, ','))`, [ids]);
  await query(`delete from bookings where id::text = any(string_to_array($1::text, ','))`, [ids]);
}
