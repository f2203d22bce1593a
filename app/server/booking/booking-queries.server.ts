import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { formatDayTime } from "~/lib/admin-format";
import { BOOKING_STATE_LABELS, normalizeReference, type BookingState } from "~/lib/booking";
import { BOOKINGS_PAGE_SIZE, type BookingFilters, type BookingListRow, type BookingTotals } from "~/lib/booking-list";
import { describeChange, type FieldChange } from "~/lib/content-fields";
import { enquiryKey } from "~/lib/enquiry-id";
import { getDb } from "~/server/db/db.server";
import { bookingIdsByMoney, moneySummaries } from "~/server/payment-ledger/money-overview.server";
import { activity, bookings, bookingTravellers, contactMessages, leads, packages, type BookingRow, type BookingTravellerRow } from "~/server/db/schema.server";

/** Reading bookings: the filtered list with its totals, one booking with its travellers, source and timeline (ADR 088). */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** `moneyIds`: the bookings the money filter keeps, computed first (money-overview.server.ts). */
function whereOf(filters: BookingFilters, now: Date, moneyIds: number[] | null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(bookings.deletedAt)];
  // One text parameter, not one per id: the overdue filter may keep thousands (bench/bookings-list.mjs).
  if (moneyIds) conditions.push(moneyIds.length ? sql`${bookings.id} = any(string_to_array(${moneyIds.join(",")}, ',')::int[])` : sql`false`);
  if (filters.state) conditions.push(eq(bookings.state, filters.state));
  if (filters.package) conditions.push(eq(bookings.packageId, Number(filters.package)));
  if (filters.month) {
    const [year, month] = filters.month.split("-").map(Number) as [number, number];
    const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
    conditions.push(gte(bookings.startDate, `${filters.month}-01`), lt(bookings.startDate, next));
  }
  if (filters.expiring) conditions.push(eq(bookings.state, "held"), lte(bookings.holdUntil, new Date(now.getTime() + 24 * 3_600_000)));
  if (filters.q) {
    const reference = normalizeReference(filters.q);
    const digits = filters.q.replace(/\D/g, "");
    const words = `%${escapeLike(filters.q)}%`;
    conditions.push(
      or(
        reference ? eq(bookings.reference, reference) : undefined,
        ilike(bookings.leadName, words),
        // A phone typed any way: "98450 12345" finds "+919845012345" (the trigram index on the digits).
        digits.length >= 4 ? sql`translate(${bookings.leadPhone}, ' +-().', '') like ${`%${digits}%`}` : undefined,
      ),
    );
  }
  return and(...conditions);
}

const listColumns = {
  id: bookings.id,
  reference: bookings.reference,
  state: bookings.state,
  leadName: bookings.leadName,
  leadPhone: bookings.leadPhone,
  packageTitle: bookings.packageTitle,
  departureName: bookings.departureName,
  startDate: bookings.startDate,
  endDate: bookings.endDate,
  seats: bookings.seats,
  room: bookings.room,
  totalPaise: bookings.totalPaise,
  /** What the booking asks of the traveller: its price with GST and TCS (ADR 115), the team's "total" in the list. */
  askedPaise: sql<number>`(${bookings.totalPaise} + ${bookings.gstPaise} + ${bookings.tcsPaise})`.mapWith(Number),
  holdUntil: bookings.holdUntil,
  createdAt: bookings.createdAt,
};

/** Where a bookmarked page starts: the rows after (older than) or before (newer than) the booking it names, in the list's order. */
function bookmarkOf(filters: BookingFilters): SQL | undefined {
  const reference = filters.after || filters.before;
  if (!reference) return undefined;
  const mark = sql`(select ${bookings.createdAt}, ${bookings.id} from ${bookings} where ${bookings.reference} = ${reference})`;
  return filters.after ? sql`(${bookings.createdAt}, ${bookings.id}) < ${mark}` : sql`(${bookings.createdAt}, ${bookings.id}) > ${mark}`;
}

/**
 * One page of the filtered list, newest first, and the totals of the whole filtered list.
 * The pager's links name the booking a page starts from (keyset pagination, ADR 088): a
 * deep page reads 50 rows from the partial index on (created_at, id), where an offset
 * would read and skip every row before it; a page number alone (typed, or the API's) is
 * read by offset. The totals and the page are asked for at once (two connections on
 * PostgreSQL).
 */
export async function listBookings(filters: BookingFilters, now: Date) {
  const db = getDb();
  const where = whereOf(filters, now, filters.money ? await bookingIdsByMoney(db, filters.money, now) : null);
  const summaryQuery = db
    .select({
      bookings: sql<number>`count(*)::int`,
      seats: sql<number>`coalesce(sum(${bookings.seats}) filter (where ${bookings.state} not in ('cancelled', 'expired')), 0)::int`,
      totalPaise: sql<string>`coalesce(sum(${bookings.totalPaise}) filter (where ${bookings.state} not in ('cancelled', 'expired')), 0)::text`,
      askedPaise: sql<string>`coalesce(sum(${bookings.totalPaise} + ${bookings.gstPaise} + ${bookings.tcsPaise}) filter (where ${bookings.state} not in ('cancelled', 'expired')), 0)::text`,
    })
    .from(bookings)
    .where(where);
  const pageQuery = (page: number, bookmarked: boolean) => {
    const mark = bookmarked && page > 1 ? bookmarkOf(filters) : undefined;
    const backwards = Boolean(mark && filters.before);
    const order = backwards ? [asc(bookings.createdAt), asc(bookings.id)] : [desc(bookings.createdAt), desc(bookings.id)];
    return db
      .select(listColumns)
      .from(bookings)
      .where(mark ? and(where, mark) : where)
      .orderBy(...order)
      .limit(BOOKINGS_PAGE_SIZE)
      .offset(mark ? 0 : (page - 1) * BOOKINGS_PAGE_SIZE)
      .then((rows) => (backwards ? rows.reverse() : rows));
  };
  const [[summary], firstTry] = await Promise.all([summaryQuery, pageQuery(filters.page, true)]);
  const total = Number(summary?.bookings ?? 0);
  const pages = Math.max(1, Math.ceil(total / BOOKINGS_PAGE_SIZE));
  const page = Math.min(filters.page, pages);
  // A page past the end (the list shrank since the link was made) shows the last one; a
  // bookmark that finds nothing (its booking left the list) falls back to the page number.
  const rows = page === filters.page && (firstTry.length > 0 || page === 1) ? firstTry : await pageQuery(page, false);
  const totals: BookingTotals = {
    bookings: total,
    seats: Number(summary?.seats ?? 0),
    totalPaise: Number(summary?.totalPaise ?? 0),
    askedPaise: Number(summary?.askedPaise ?? 0),
  };
  const money = await moneySummaries(
    db,
    rows.map((row) => row.id),
    now,
  );
  return {
    rows: rows.map(({ id, ...row }): BookingListRow => ({
      ...row,
      holdUntil: row.holdUntil?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      money: money.get(id) ?? null,
    })),
    total,
    page,
    pages,
    totals,
  };
}

/** Packages that have bookings, for the list's filter: one probe of the departure index per package, not a join over every booking. */
export async function bookingPackages(): Promise<{ id: number; title: string }[]> {
  return getDb()
    .select({ id: packages.id, title: packages.title })
    .from(packages)
    .where(sql`exists (select 1 from ${bookings} where ${bookings.packageId} = ${packages.id})`)
    .orderBy(asc(packages.title));
}

/** `tripMessage`: a scheduled message to the traveller (issue 48), for its WhatsApp text; `whatsapp`: that text's wa.me link. */
export type TimelineEntry = { id: number; at: string; who: string; text: string; details: string[]; tripMessage?: string; whatsapp?: string | null };

const stateLabel = (value: unknown) =>
  typeof value === "string" && value in BOOKING_STATE_LABELS ? BOOKING_STATE_LABELS[value as BookingState] : String(value);

/** What one timeline entry says, from its activity kind and detail. */
export function timelineText(kind: string, detail: Record<string, unknown>): { text: string; details: string[] } {
  const changes = Array.isArray(detail.changes) ? (detail.changes as FieldChange[]).map(describeChange) : [];
  switch (kind) {
    case "booking.created":
      return {
        text: detail.migrated
          ? "Made from what took seats before bookings existed"
          : `Made the booking: ${stateLabel(detail.state)}${detail.enquiry ? ", from an enquiry" : ""}`,
        details: typeof detail.holdUntil === "string" ? [`Seats held until ${formatDayTime(detail.holdUntil)}`] : [],
      };
    case "booking.updated":
      // A billing PAN taken from the trip page says so (ADR 108, 2026-11-29); every other change is "Changed the booking".
      return {
        text: typeof detail.text === "string" ? detail.text : "Changed the booking",
        details: typeof detail.schedule === "string" ? [...changes, `Payment schedule: ${detail.schedule}`] : changes,
      };
    case "booking.offered":
      return { text: detail.offered ? "Offered seats that came free (first on the waitlist)" : "Offered the seats: Waitlisted → Held", details: [] };
    case "booking.cancelled":
      return { text: `Cancelled (was ${stateLabel(detail.from)})`, details: typeof detail.reason === "string" ? [`Reason: ${detail.reason}`] : [] };
    case "booking.expired":
      return { text: "The hold expired: its seats went back", details: [] };
    case "booking.tcs-reworked":
      // A TCS rule taking effect (ADR 122): the rule, then the TCS and the schedule's move.
      return { text: typeof detail.text === "string" ? detail.text : kind, details: Array.isArray(detail.lines) ? detail.lines.map(String) : [] };
    case "booking.deleted":
      return { text: "Deleted the booking", details: [] };
    case "booking.restored":
      return { text: "Restored the booking", details: [] };
    case "payment.recorded":
    case "payment.refunded":
    case "payment.reversed":
    case "payment.link-created":
    case "payment.schedule-changed":
    case "document.issued":
    case "document.cancelled":
    case "trip.link-sent":
    case "trip.consent-given":
    case "trip.cancellation-asked":
    case "trip.task-done":
    case "trip.details-revealed":
    case "trip.message-sent":
    case "review.requested":
    case "review.link-sent":
    case "review.received":
      // Written by the ledger (app/server/payment-ledger), the documents (app/server/document) the trip page (app/server/trip) and the reviews (app/server/review) with their own words.
      return { text: typeof detail.text === "string" ? detail.text : kind, details: typeof detail.reason === "string" ? [`Reason: ${detail.reason}`] : [] };
    default:
      return { text: detail.from && detail.to ? `${stateLabel(detail.from)} → ${stateLabel(detail.to)}` : kind, details: [] };
  }
}

/** Everything that happened to a booking, oldest first (the activity log's entries about it). */
export async function bookingTimeline(bookingId: number): Promise<TimelineEntry[]> {
  const rows = await getDb()
    .select()
    .from(activity)
    .where(and(eq(activity.subjectType, "booking"), eq(activity.subjectId, String(bookingId))))
    .orderBy(asc(activity.at), asc(activity.id))
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    who: row.actorName || row.actorEmail || "Someone",
    ...timelineText(row.kind, row.detail),
    ...(row.kind === "trip.message-sent" && typeof row.detail.message === "string" ? { tripMessage: row.detail.message } : {}),
  }));
}

export type BookingSource = { key: string; label: string; reference?: string } | null;

/** The enquiry a booking was made from, as the booking page links to it. */
async function sourceOf(row: BookingRow): Promise<BookingSource> {
  const db = getDb();
  if (row.leadId) {
    const [lead] = await db.select({ name: leads.name, source: leads.source }).from(leads).where(eq(leads.id, row.leadId));
    if (lead)
      return { key: enquiryKey({ kind: "lead", id: row.leadId }), label: `${lead.source === "seat-request" ? "Seat request" : "Enquiry"} from ${lead.name}` };
  }
  if (row.contactMessageId) {
    const [message] = await db
      .select({ first: contactMessages.firstName, last: contactMessages.lastName })
      .from(contactMessages)
      .where(eq(contactMessages.id, row.contactMessageId));
    if (message) return { key: enquiryKey({ kind: "contact", id: row.contactMessageId }), label: `Contact message from ${message.first} ${message.last}` };
  }
  return null;
}

export type BookingDetail = { row: BookingRow; travellers: BookingTravellerRow[]; source: BookingSource };

/** One live booking by its reference, with its travellers and source; null when there is none (or it was deleted). */
export async function getBooking(reference: string): Promise<BookingDetail | null> {
  const db = getDb();
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.reference, reference), isNull(bookings.deletedAt)));
  if (!row) return null;
  const travellers = await db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, row.id)).orderBy(asc(bookingTravellers.position));
  return { row, travellers, source: await sourceOf(row) };
}

/** Bookings made from an enquiry (the enquiry page links them). */
export async function bookingsFromEnquiry(ref: { kind: "lead" | "contact"; id: number }) {
  const column = ref.kind === "lead" ? bookings.leadId : bookings.contactMessageId;
  return getDb()
    .select({ reference: bookings.reference, state: bookings.state, seats: bookings.seats })
    .from(bookings)
    .where(and(eq(column, ref.id), isNull(bookings.deletedAt)))
    .orderBy(asc(bookings.id));
}

/** Live bookings of some departures, keyed "packageId:departureId": held and confirmed first, then the waitlist in its order. */
export async function departureBookings(departures: { packageId: number; departureId: string }[]) {
  const result = new Map<string, BookingRow[]>();
  if (departures.length === 0) return result;
  const rows = await getDb()
    .select()
    .from(bookings)
    .where(
      and(
        inArray(bookings.packageId, [...new Set(departures.map((date) => date.packageId))]),
        inArray(bookings.state, ["held", "confirmed", "waitlisted"]),
        isNull(bookings.deletedAt),
      ),
    )
    .orderBy(
      sql`case ${bookings.state} when 'confirmed' then 0 when 'held' then 1 else 2 end`,
      asc(bookings.waitlistedAt),
      asc(bookings.createdAt),
      asc(bookings.id),
    );
  const wanted = new Set(departures.map((date) => `${date.packageId}:${date.departureId}`));
  for (const row of rows) {
    const key = `${row.packageId}:${row.departureId}`;
    if (wanted.has(key)) result.set(key, [...(result.get(key) ?? []), row]);
  }
  return result;
}
