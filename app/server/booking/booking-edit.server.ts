import { asc, eq } from "drizzle-orm";
import { formatDayTime } from "~/lib/admin-format";
import { ROOM_SHARING_LABELS, seatCount, takesSeats, travellerName, travellersText, type BookingPrice } from "~/lib/booking";
import type { BookingEditInput } from "~/lib/booking-schema";
import type { FieldChange } from "~/lib/content-fields";
import { formatPhone } from "~/lib/phone";
import { formatPaise } from "~/lib/price";
import type { EditConflict } from "~/lib/revisions";
import { formatTourDateRange, todayIso } from "~/lib/tour-format";
import { activity } from "~/server/db/schema.server";
import type { Db } from "~/server/db/db.server";
import { bookings, bookingTravellers, type BookingRow } from "~/server/db/schema.server";
import { and, desc, gt, sql } from "drizzle-orm";
import { followBookingTotal } from "~/server/payment-ledger/schedule-write.server";
import { taxColumns } from "~/server/document/current-booking-taxes.server";
import { partyAndPrice, resolveDates } from "./booking-create.server";
import {
  bookingTransaction,
  lockedBooking,
  lockPackage,
  offerFreedSeats,
  recordBookingEvent,
  refuse,
  requireRoom,
  storeTravellers,
  travellerRows,
  type BookingContext,
  type BookingResult,
} from "./booking-write.server";

type TravellerLike = { name: string; age: number | null };
type Documented = Pick<
  BookingRow,
  | "departureName"
  | "startDate"
  | "endDate"
  | "leadName"
  | "leadPhone"
  | "leadEmail"
  | "adults"
  | "childrenWithBed"
  | "childrenNoBed"
  | "room"
  | "price"
  | "totalPaise"
  | "holdUntil"
  | "notes"
>;

const money = (price: BookingPrice) => ({
  extras: price.extras.map((extra) => `${extra.label} ${formatPaise(extra.amountPaise)}`).join("; "),
  discount: price.discount ? `${price.discount.label} ${formatPaise(price.discount.amountPaise)}` : "",
});

/** A booking's fields as people read them, for the timeline's "changed … from … to …" and a conflict's differences. */
export function bookingFields(row: Documented, travellers: readonly TravellerLike[]): { field: string; label: string; value: string; long?: boolean }[] {
  const { extras, discount } = money(row.price);
  return [
    { field: "departure", label: "departure", value: `${row.departureName ?? "Private trip"}, ${formatTourDateRange(row.startDate, row.endDate)}` },
    { field: "leadName", label: "lead traveller", value: row.leadName },
    { field: "leadPhone", label: "phone", value: formatPhone(row.leadPhone) },
    { field: "leadEmail", label: "e-mail", value: row.leadEmail ?? "" },
    { field: "travellers", label: "travellers", value: travellersText(row) },
    { field: "names", label: "traveller names", value: travellers.map((traveller, index) => travellerName(traveller.name, index + 1)).join(", ") },
    { field: "ages", label: "ages", value: travellers.map((traveller) => (traveller.age === null ? "–" : String(traveller.age))).join(", ") },
    { field: "room", label: "room sharing", value: ROOM_SHARING_LABELS[row.room] },
    { field: "priceBasis", label: "price", value: row.price.basis },
    { field: "extras", label: "extras", value: extras },
    { field: "discount", label: "discount", value: discount },
    { field: "total", label: "total", value: formatPaise(row.totalPaise) },
    { field: "holdUntil", label: "hold until", value: row.holdUntil ? formatDayTime(row.holdUntil) : "" },
    { field: "notes", label: "notes", value: row.notes, long: true },
  ];
}

/** The fields that differ between two versions, as the activity log stores them (long text named, not quoted). */
export function changedBookingFields(before: ReturnType<typeof bookingFields>, after: ReturnType<typeof bookingFields>): FieldChange[] {
  return after.flatMap((field, index) => {
    const old = before[index]!;
    if (old.value === field.value) return [];
    return [field.long ? { field: field.field, label: field.label } : { field: field.field, label: field.label, from: old.value, to: field.value }];
  });
}

async function storedTravellers(tx: Db, bookingId: number) {
  return tx.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, bookingId)).orderBy(asc(bookingTravellers.position));
}

/**
 * Why a save based on `baseVersion` is refused (409): who changed the booking
 * last and when, what they changed since (from the timeline), and where the
 * stored booking and the one sent differ.
 */
async function describeBookingConflict(
  tx: Db,
  row: BookingRow,
  baseVersion: number,
  current: ReturnType<typeof bookingFields>,
  mine: ReturnType<typeof bookingFields>,
): Promise<EditConflict> {
  const since = await tx
    .select()
    .from(activity)
    .where(
      and(
        eq(activity.subjectType, "booking"),
        eq(activity.subjectId, String(row.id)),
        gt(sql`coalesce((${activity.detail}->>'version')::int, 0)`, baseVersion),
      ),
    )
    .orderBy(desc(activity.at), desc(activity.id))
    .limit(50);
  const theirChanges: FieldChange[] = [];
  for (const entry of [...since].reverse()) {
    const detail = entry.detail as { changes?: FieldChange[]; from?: string; to?: string };
    if (Array.isArray(detail.changes)) theirChanges.push(...detail.changes);
    else if (detail.from && detail.to) theirChanges.push({ field: "state", label: "state", from: detail.from, to: detail.to });
  }
  const last = since[0];
  return {
    version: row.version,
    baseVersion,
    by: last?.actorName || last?.actorEmail || "Someone",
    at: (last?.at ?? row.updatedAt).toISOString(),
    theirChanges: since.length > 0 ? theirChanges : null,
    differing: current
      .map((field, index) => ({ field: field.field, label: field.label, theirs: field.value, yours: mine[index]!.value }))
      .filter((diff) => diff.theirs !== diff.yours),
    current: Object.fromEntries(current.map((field) => [field.field, field.value])),
  };
}

/**
 * Saves an edited booking (the whole form, or an API PATCH laid over it),
 * editable while not cancelled. Adding travellers or moving to another
 * departure takes seats: checked under the lock, and refused with the numbers.
 * Fewer seats, or a move, frees seats that the waitlist is offered.
 * `expectedVersion`: the version the form loaded (If-Match); another is a 409.
 */
export async function updateBooking(
  bookingId: number,
  input: BookingEditInput,
  ctx: BookingContext,
  options: { expectedVersion?: number } = {},
): Promise<BookingResult> {
  return bookingTransaction(async (tx, effects) => {
    const [peek] = await tx.select({ packageId: bookings.packageId }).from(bookings).where(eq(bookings.id, bookingId));
    if (!peek) refuse(404, "There is no booking with that reference.");
    const pkg = await lockPackage(tx, peek!.packageId);
    const row = await lockedBooking(tx, bookingId);
    if (row.state === "cancelled") refuse(409, "A cancelled booking cannot be changed. Make a new booking instead.");
    const { date, ...dates } = resolveDates(pkg, input, todayIso(ctx.now), row);
    const party = partyAndPrice(pkg, input, row.price);
    let holdUntil = row.holdUntil;
    if (row.state === "held" && input.holdUntil && input.holdUntil.getTime() !== row.holdUntil?.getTime()) {
      if (input.holdUntil <= ctx.now) refuse(422, "The hold's deadline must be in the future.", { fields: { holdUntil: "Choose a time in the future." } });
      holdUntil = input.holdUntil;
    }
    const next = { ...dates, ...party, holdUntil };
    const rows = travellerRows(input, input.travellers);
    const before = bookingFields(row, await storedTravellers(tx, row.id));
    const after = bookingFields(next, rows);
    if (options.expectedVersion !== undefined && options.expectedVersion !== row.version) {
      refuse(409, "This booking was changed by someone else while you were editing it.", {
        conflict: await describeBookingConflict(tx, row, options.expectedVersion, before, after),
      });
    }
    const seats = seatCount(input);
    const moved = dates.departureId !== row.departureId;
    if (takesSeats(row.state) && date && (moved || seats > row.seats)) {
      await requireRoom(tx, pkg.id, date, seats, moved ? 0 : row.seats);
    }
    const changes = changedBookingFields(before, after);
    if (changes.length === 0) return { ok: true as const, booking: row };
    // The price or the travellers may have changed: the taxes are worked out again (ADR 115) and the schedule follows them.
    const taxes = await taxColumns(tx, { ...row, ...next }, ctx.now);
    const [saved] = await tx
      .update(bookings)
      .set({ ...next, ...taxes, version: row.version + 1, updatedAt: ctx.now })
      .where(eq(bookings.id, row.id))
      .returning();
    await storeTravellers(tx, row.id, rows);
    // A new total moves the payment schedule's balance (issue 46); the team is told the new figures.
    const schedule = await followBookingTotal(tx, row, saved!);
    await recordBookingEvent(tx, ctx, saved!, "booking.updated", {
      changes: changes.slice(0, 20),
      changeCount: changes.length,
      ...(schedule ? { schedule: schedule.text } : {}),
    });
    if (takesSeats(row.state) && (moved || seats !== row.seats)) {
      effects.seatsChanged = true;
      if (row.departureId && (moved || seats < row.seats)) await offerFreedSeats(tx, ctx, effects, pkg, row.departureId);
    }
    return { ok: true as const, booking: saved!, ...(schedule ? { scheduleChange: schedule } : {}) };
  });
}
