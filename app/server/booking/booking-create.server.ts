import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { REFERENCE_ALPHABET, seatCount, takesSeats, totalPaise, type BookingPrice } from "~/lib/booking";
import type { BookingEditInput, NewBookingInput } from "~/lib/booking-schema";
import { parseEnquiryKey, type EnquiryRef } from "~/lib/enquiry-id";
import { formatTourDate, todayIso } from "~/lib/tour-format";
import { recordActivity } from "~/server/activity/activity.server";
import type { Db } from "~/server/db/db.server";
import { bookings, contactMessages, leads, seatRequests, type BookingRow } from "~/server/db/schema.server";
import { getEnquiry, subjectOf } from "~/server/enquiry/enquiry-detail.server";
import { copyPackageTerms } from "~/server/payment-ledger/schedule-write.server";
import { seatsOf } from "~/server/seats/departure-seats.server";
import { taxColumns } from "~/server/document/current-booking-taxes.server";
import { queueBookingEmails } from "./booking-emails.server";
import {
  bookingTransaction,
  copyPrices,
  departureWords,
  holdHours,
  lockPackage,
  recordBookingEvent,
  refuse,
  requireRoom,
  storeTravellers,
  travellerRows,
  type BookingContext,
  type BookingResult,
  type LockedPackage,
} from "./booking-write.server";

/** "PRV-7KQ2M": 5 characters of 31 (no 0/O, 1/I/L), from a secure random source. */
export function newReference(): string {
  let code = "";
  for (let i = 0; i < 5; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `PRV-${code}`;
}

/** The departure a booking names (checked against the package) or a private trip's own dates. */
export function resolveDates(pkg: LockedPackage, input: Pick<NewBookingInput, "departureId" | "startDate" | "endDate">, today: string, keep?: BookingRow) {
  if (input.departureId) {
    const date = pkg.groupDates.find((candidate) => candidate.id === input.departureId);
    if (!date?.id) {
      refuse(422, `That departure is not one of ${pkg.title}'s dates.`, { fields: { departureId: `Choose one of ${pkg.title}'s departures.` } });
    }
    // A booking already on a departure keeps it, even once it has left (notes can still change).
    if (date!.start <= today && keep?.departureId !== date!.id) {
      refuse(422, `The ${departureWords(date!)} departure has already left.`, { fields: { departureId: "Choose a departure that has not left yet." } });
    }
    return { date: date!, departureId: date!.id!, departureName: date!.name, startDate: date!.start, endDate: date!.end };
  }
  if (input.startDate! < today && keep?.startDate !== input.startDate) {
    refuse(422, "A private trip cannot start in the past.", { fields: { startDate: `Choose a start date from ${formatTourDate(today)} on.` } });
  }
  return { date: null, departureId: null, departureName: null, startDate: input.startDate!, endDate: input.endDate! };
}

/** The price with the package's per-person prices copied now, and the typed extras and discount. */
export function priceOf(pkg: LockedPackage, input: Pick<NewBookingInput, "priceBasis" | "extras" | "discount">, kept?: BookingPrice): BookingPrice {
  const copied = kept && (input.priceBasis || "Package price") === kept.basis ? kept : copyPrices(pkg.price, pkg.priceOptions, input.priceBasis);
  if (!copied) refuse(422, "That price option is not one of this package's.", { fields: { priceBasis: "Choose one of the package's prices." } });
  return {
    basis: copied!.basis,
    units: copied!.units,
    extras: input.extras.map((extra) => ({ label: extra.label, amountPaise: extra.amount })),
    discount: input.discount ? { label: input.discount.label || "Discount", amountPaise: input.discount.amount } : null,
  };
}

/**
 * The columns a new booking and an edit both take from the input: the lead
 * traveller, the travellers, the price (copied now unless `kept` still
 * applies) and its total, refused when a discount is larger than the price.
 */
export function partyAndPrice(pkg: LockedPackage, input: NewBookingInput | BookingEditInput, kept?: BookingPrice) {
  const price = priceOf(pkg, input, kept);
  const total = totalPaise(price, input);
  if (total < 0) refuse(422, "The discount is larger than the price.", { fields: { "discount.amount": "The discount is larger than the price." } });
  return {
    leadName: input.leadName,
    leadPhone: input.leadPhone,
    leadEmail: input.leadEmail ?? null,
    adults: input.adults,
    childrenWithBed: input.childrenWithBed,
    childrenNoBed: input.childrenNoBed,
    room: input.room,
    price,
    totalPaise: total,
    notes: input.notes,
  };
}

/** The enquiry a booking is made from moves to Converted (its own timeline says so); a seat request becomes Booked. */
async function convertEnquiry(tx: Db, ctx: BookingContext, ref: EnquiryRef, reference: string) {
  const enquiry = await getEnquiry(ref, tx);
  if (!enquiry) refuse(422, "That enquiry no longer exists.", { fields: { enquiry: "The enquiry was deleted." } });
  if (ref.kind === "lead") await tx.update(seatRequests).set({ seatStatus: "booked" }).where(eq(seatRequests.leadId, ref.id));
  if (enquiry!.status === "converted") return;
  const table = ref.kind === "lead" ? leads : contactMessages;
  await tx.update(table).set({ status: "converted" }).where(eq(table.id, ref.id));
  await recordActivity(
    {
      kind: "enquiry.status-changed",
      actor: ctx.actor,
      subject: subjectOf(ref, enquiry!),
      ip: ctx.ip ?? null,
      detail: { from: enquiry!.status, to: "converted", booking: reference },
    },
    { db: tx },
  );
}

/**
 * A new booking: held (seats kept until a deadline), confirmed, or on the
 * waitlist; checked and stored under the departure's lock (ADR 088). Made
 * from an enquiry, it links to it and moves it to Converted.
 */
export async function createBooking(input: NewBookingInput, ctx: BookingContext): Promise<BookingResult> {
  return bookingTransaction(async (tx, effects) => {
    const pkg = await lockPackage(tx, input.packageId);
    const today = todayIso(ctx.now);
    const { date, ...dates } = resolveDates(pkg, input, today);
    const seats = seatCount(input);
    if (input.state === "waitlisted") {
      if (!date?.capacity) refuse(422, "Only a group departure with a seat limit has a waitlist.", { fields: { state: "Hold or confirm it instead." } });
      const free = (await seatsOf(tx, pkg.id, date!)).free ?? 0;
      if (seats <= free) {
        refuse(422, `${free} seats are free on ${departureWords(date!)}: hold or confirm the booking instead of waitlisting it.`, {
          free,
          fields: { state: "There is room: hold or confirm it." },
        });
      }
    } else if (date) {
      await requireRoom(tx, pkg.id, date, seats);
    }
    let holdUntil: Date | null = null;
    if (input.state === "held") {
      holdUntil = input.holdUntil ?? new Date(ctx.now.getTime() + (await holdHours(tx)) * 3_600_000);
      if (holdUntil <= ctx.now) refuse(422, "The hold's deadline must be in the future.", { fields: { holdUntil: "Choose a time in the future." } });
    }
    const party = partyAndPrice(pkg, input);
    const source = input.enquiry ? parseEnquiryKey(input.enquiry) : null;
    if (input.enquiry && !source) refuse(422, "Unknown enquiry.", { fields: { enquiry: "Unknown enquiry." } });

    // The price's GST and TCS (ADR 115): the schedule asks for the price with them.
    const taxes = await taxColumns(
      tx,
      { packageId: pkg.id, packageTitle: pkg.title, ...party, billingStateCode: null, billingGstin: null, billingPan: null },
      ctx.now,
    );
    const values = {
      packageId: pkg.id,
      packageTitle: pkg.title,
      ...dates,
      state: input.state,
      holdUntil,
      waitlistedAt: input.state === "waitlisted" ? ctx.now : null,
      ...party,
      ...taxes,
      leadId: source?.kind === "lead" ? source.id : null,
      contactMessageId: source?.kind === "contact" ? source.id : null,
      createdBy: ctx.actor.id,
      createdByName: ctx.actor.name,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };
    let row: BookingRow | undefined;
    // A clash of random references (1 in 28 million per booking) takes another one.
    for (let attempt = 0; attempt < 8 && !row; attempt++) {
      [row] = await tx
        .insert(bookings)
        .values({ ...values, reference: newReference() })
        .onConflictDoNothing({ target: bookings.reference })
        .returning();
    }
    if (!row) throw new Error("Could not find a free booking reference.");
    await storeTravellers(tx, row.id, travellerRows(input, input.travellers));
    // The package's payment terms become the booking's own schedule (issue 46): the team changes it from here.
    await copyPackageTerms(tx, row, pkg.paymentTerms);
    if (source) await convertEnquiry(tx, ctx, source, row.reference);
    const eventId = await recordBookingEvent(tx, ctx, row, "booking.created", {
      state: row.state,
      seats: row.seats,
      ...(input.enquiry ? { enquiry: input.enquiry } : {}),
      ...(holdUntil ? { holdUntil: holdUntil.toISOString() } : {}),
    });
    if (dates.departureId && takesSeats(row.state)) effects.seatsChanged = true;
    effects.emails += await queueBookingEmails(tx, row, eventId, row.state);
    return { ok: true as const, booking: row };
  });
}
