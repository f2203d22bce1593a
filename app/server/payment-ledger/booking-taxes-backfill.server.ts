import { and, eq, isNull, sql } from "drizzle-orm";
import { recordActivity } from "~/server/activity/activity.server";
import type { Db } from "~/server/db/db.server";
import { bookings } from "~/server/db/schema.server";
import { taxColumns } from "~/server/document/current-booking-taxes.server";
import { followBookingTotal } from "./schedule-write.server";

/**
 * Bookings made before ADR 115 asked for their price alone. Once (the seed
 * ledger's `booking-taxes:adr-115`), each live booking that still asks for
 * money and has no taxes stored gets them, worked out as on a new booking
 * today, and its schedule follows: the balance line absorbs the GST and TCS
 * (followTotal), lines already paid stay as they were, and the timeline says
 * what moved. Cancelled, expired and deleted bookings are left as they were.
 */
export async function addTaxesToEarlierBookings(tx: Db, now: Date): Promise<number> {
  const rows = await tx
    .select()
    .from(bookings)
    .where(
      and(
        isNull(bookings.deletedAt),
        sql`${bookings.state} not in ('cancelled', 'expired')`,
        eq(bookings.gstPaise, 0),
        eq(bookings.tcsPaise, 0),
        sql`${bookings.totalPaise} > 0`,
      ),
    )
    .orderBy(bookings.id)
    .for("update");
  let changed = 0;
  for (const row of rows) {
    const taxes = await taxColumns(tx, row, now);
    if (taxes.gstPaise === 0 && taxes.tcsPaise === 0) continue;
    const [saved] = await tx.update(bookings).set(taxes).where(eq(bookings.id, row.id)).returning();
    const moved = await followBookingTotal(tx, row, saved!);
    await recordActivity(
      {
        kind: "payment.schedule-changed",
        subject: { type: "booking", id: row.id, label: `${row.reference} (${row.leadName})` },
        detail: {
          text: `The booking now asks for its price with its taxes (GST and TCS)${moved ? `: payment schedule ${moved.text}` : ""}.`,
          version: row.version,
        },
      },
      { db: tx },
    );
    changed++;
  }
  return changed;
}
