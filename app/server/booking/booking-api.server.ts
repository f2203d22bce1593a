import { BOOKING_STATE_LABELS, isBookingTransition, priceLines, transitionsFrom } from "~/lib/booking";
import { amountBreakdown, askedPaise } from "~/lib/booking-amount";
import { parseBookingFilters } from "~/lib/booking-list";
import { bookingEditSchema, cancelSchema, newBookingSchema } from "~/lib/booking-schema";
import { enquiryKey } from "~/lib/enquiry-id";
import { issuesToFields } from "~/lib/package-schema";
import { formatPaise } from "~/lib/price";
import type { Viewer } from "~/server/auth/guard.server";
import { readBaseVersion, versionTag } from "~/server/content/versions-http.server";
import type { BookingRow, BookingTravellerRow } from "~/server/db/schema.server";
import { badBodyResponse, readBody } from "~/server/forms/form-input.server";
import { getDb } from "~/server/db/db.server";
import { jsonError, notFoundJson } from "~/server/http.server";
import { scheduleLineLabel } from "~/lib/payment-schedule";
import { bookingMoney } from "~/server/payment-ledger/booking-money.server";
import { moneySummary } from "~/server/payment-ledger/money-overview.server";
import { followBookingTotal } from "~/server/payment-ledger/schedule-write.server";
import { billingDetailsSchema } from "~/lib/billing-details";
import { billingOf, updateBillingDetails } from "~/server/document/document-billing.server";
import { createBooking } from "./booking-create.server";
import { updateBooking } from "./booking-edit.server";
import { getBooking, listBookings } from "./booking-queries.server";
import { deleteBooking, transitionBooking } from "./booking-transitions.server";
import type { BookingContext, BookingRefusal } from "./booking-write.server";

/**
 * The bookings API (issue 45, ADR 088): `GET /api/bookings` (the list's
 * filters), `GET|PATCH|DELETE /api/bookings/{ref}`, `POST /api/bookings` and
 * `POST /api/bookings/{ref}/{transition}`. Staff only, reads too; money in
 * integer paise (with the text as people read it).
 */

const noStore = { "Cache-Control": "no-store" };

/** A booking as the API reads it. */
export function bookingJson(row: BookingRow, travellers: BookingTravellerRow[]) {
  const lines = priceLines(row.price, row);
  return {
    reference: row.reference,
    state: row.state,
    stateLabel: BOOKING_STATE_LABELS[row.state],
    version: row.version,
    package: { id: row.packageId, title: row.packageTitle },
    departure: row.departureId ? { id: row.departureId, name: row.departureName } : null,
    startDate: row.startDate,
    endDate: row.endDate,
    holdUntil: row.holdUntil?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    lead: { name: row.leadName, phone: row.leadPhone, email: row.leadEmail },
    adults: row.adults,
    childrenWithBed: row.childrenWithBed,
    childrenNoBed: row.childrenNoBed,
    seats: row.seats,
    room: row.room,
    travellers: travellers.map((traveller) => ({ position: traveller.position, kind: traveller.kind, name: traveller.name, age: traveller.age })),
    price: {
      basis: row.price.basis,
      unitsPaise: row.price.units,
      extras: row.price.extras,
      discount: row.price.discount,
      lines: lines.map((line) => ({ ...line, amount: formatPaise(line.amountPaise) })),
      totalPaise: row.totalPaise,
      total: formatPaise(row.totalPaise),
    },
    /** What the booking asks for (ADR 115): the price with its GST and, overseas, TCS; the schedule adds up to `totalPaise`. */
    amount: { ...amountBreakdown(row), total: formatPaise(askedPaise(row)) },
    notes: row.notes,
    /** What the tax documents print about who pays (ADR 092). */
    billing: billingOf(row),
    enquiry: row.leadId
      ? enquiryKey({ kind: "lead", id: row.leadId })
      : row.contactMessageId
        ? enquiryKey({ kind: "contact", id: row.contactMessageId })
        : null,
    transitions: transitionsFrom(row.state),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored booking as a write's input: a PATCH lays the fields it sends over this. */
function storedInput(row: BookingRow, travellers: BookingTravellerRow[]) {
  return {
    departureId: row.departureId,
    startDate: row.startDate,
    endDate: row.endDate,
    leadName: row.leadName,
    leadPhone: row.leadPhone,
    leadEmail: row.leadEmail ?? undefined,
    adults: row.adults,
    childrenWithBed: row.childrenWithBed,
    childrenNoBed: row.childrenNoBed,
    travellers: travellers.map((traveller) => ({ name: traveller.name, age: traveller.age ?? undefined })),
    room: row.room,
    priceBasis: row.price.basis === "Package price" ? "" : row.price.basis,
    extras: row.price.extras,
    discount: row.price.discount,
    notes: row.notes,
  };
}

function refusalJson(refusal: BookingRefusal): Response {
  if (refusal.conflict) {
    const response = jsonError(
      409,
      `${refusal.message} It is now version ${refusal.conflict.version}: read it again, or send If-Match: "${refusal.conflict.version}" to overwrite it.`,
      undefined,
      {
        version: refusal.conflict.version,
      },
    );
    response.headers.set("ETag", versionTag(refusal.conflict.version));
    return response;
  }
  return jsonError(refusal.status, refusal.message, refusal.fields, refusal.free === undefined ? {} : { free: refusal.free });
}

const ok = (row: BookingRow, travellers: BookingTravellerRow[], status = 200) =>
  Response.json(bookingJson(row, travellers), {
    status,
    headers: { ...noStore, ETag: versionTag(row.version), ...(status === 201 ? { Location: `/api/bookings/${row.reference}` } : {}) },
  });

async function answer(row: BookingRow, status = 200) {
  const detail = await getBooking(row.reference);
  return ok(row, detail?.travellers ?? [], status);
}

export const contextOf = (viewer: Viewer, ip: string | undefined, now: Date): BookingContext => ({
  actor: { id: viewer.id, email: viewer.email, name: viewer.name },
  ip,
  now,
});

/** GET /api/bookings: the list, with the Bookings screen's filters as the query (?state=&package=&month=&expiring=24h&money=overdue|due-7d&q=&page=); each row with its money. */
export async function listBookingsJson(url: URL, now: Date) {
  const list = await listBookings(parseBookingFilters(url), now);
  return Response.json(list, { headers: noStore });
}

/** POST /api/bookings: 201 with the booking, 400 with the fields, 409 with the free seats when the departure is full. */
export async function createBookingJson(request: Request, ctx: BookingContext) {
  const body = await readBody(request);
  if (!body) return badBodyResponse();
  const parsed = newBookingSchema.safeParse(body);
  if (!parsed.success) {
    const fields = issuesToFields(parsed.error.issues);
    return jsonError(400, `Please check ${Object.keys(fields).join(", ")}: ${Object.values(fields)[0]}`, fields);
  }
  const result = await createBooking(parsed.data, ctx);
  return result.ok ? answer(result.booking, 201) : refusalJson(result);
}

/**
 * The booking's money now: `money` (state, paid, owing, overdue, next due;
 * null when it asks for none) and `schedule`, each line with what is paid and
 * owing on it (issue 46).
 */
async function moneyJson(row: BookingRow, now: Date) {
  const money = await bookingMoney(getDb(), row, now);
  return {
    money: moneySummary(row.state, money.state),
    schedule: {
      totalPaise: money.schedule.totalPaise,
      lines: money.state.lines.map((line) => ({
        key: line.key,
        kind: line.kind,
        label: scheduleLineLabel(money.schedule, line),
        dueOn: line.dueOn,
        amountPaise: line.amountPaise,
        amount: formatPaise(line.amountPaise),
        paidPaise: line.paidPaise,
        outstandingPaise: line.outstandingPaise,
        status: line.status,
      })),
    },
  };
}

/** A booking with its money, as GET and PATCH answer. */
async function answerWithMoney(row: BookingRow, now: Date, extra: Record<string, unknown> = {}) {
  const detail = await getBooking(row.reference);
  const response = ok(row, detail?.travellers ?? []);
  return Response.json({ ...bookingJson(row, detail?.travellers ?? []), ...(await moneyJson(row, now)), ...extra }, { headers: response.headers });
}

/** GET /api/bookings/{ref}: the booking with its money now and its payment schedule. */
export async function getBookingJson(reference: string, now: Date) {
  const detail = await getBooking(reference);
  if (!detail) return notFoundJson("Booking");
  return answerWithMoney(detail.row, now);
}

/**
 * PATCH /api/bookings/{ref}: the fields sent laid over the stored booking;
 * If-Match (or `version`) refuses a stale write with 409. The answer is GET's
 * with `scheduleChange`: the lines a new total moved, or null.
 */
export async function patchBookingJson(request: Request, reference: string, ctx: BookingContext) {
  const detail = await getBooking(reference);
  if (!detail) return notFoundJson("Booking");
  const body = await readBody(request);
  if (!body) return badBodyResponse();
  const base = readBaseVersion(request, body);
  if (!base.ok) return base.response;
  // The billing details the tax documents print (ADR 092): their own write, with the documents panel's schema.
  if (body.billing !== undefined) {
    const others = Object.keys(body).filter((key) => key !== "billing" && key !== "version");
    if (others.length > 0) return jsonError(400, `Send billing in a PATCH of its own, without ${others.join(", ")}.`);
    const billing = billingDetailsSchema.safeParse({ ...billingOf(detail.row), ...(typeof body.billing === "object" ? body.billing : {}) });
    if (!billing.success) {
      const fields = issuesToFields(billing.error.issues);
      return jsonError(400, `Please check billing ${Object.keys(fields).join(", ")}: ${Object.values(fields)[0]}`, fields);
    }
    const saved = await updateBillingDetails(detail.row.id, billing.data, ctx, { expectedVersion: base.version, followTotal: followBookingTotal });
    return saved.ok ? answer(saved.booking) : jsonError(saved.status, saved.message);
  }
  const parsed = bookingEditSchema.safeParse({ ...storedInput(detail.row, detail.travellers), ...body });
  if (!parsed.success) {
    const fields = issuesToFields(parsed.error.issues);
    return jsonError(400, `Please check ${Object.keys(fields).join(", ")}: ${Object.values(fields)[0]}`, fields);
  }
  const result = await updateBooking(detail.row.id, parsed.data, ctx, { expectedVersion: base.version });
  if (!result.ok) return refusalJson(result);
  // `scheduleChange`: the schedule's lines a new total moved (the balance follows the total), or null when none moved.
  return answerWithMoney(result.booking, ctx.now, { scheduleChange: result.scheduleChange ?? null });
}

/** DELETE /api/bookings/{ref} (admins; the route checks): 204, restorable for 30 days. */
export async function deleteBookingJson(reference: string, ctx: BookingContext) {
  const detail = await getBooking(reference);
  if (!detail) return notFoundJson("Booking");
  const result = await deleteBooking(detail.row.id, ctx);
  return result.ok ? new Response(null, { status: 204, headers: noStore }) : refusalJson(result);
}

/** POST /api/bookings/{ref}/{confirm|cancel|offer|complete}: the new state, or 409 with why not. */
export async function transitionBookingJson(request: Request, reference: string, transition: string, ctx: BookingContext) {
  if (!isBookingTransition(transition)) return jsonError(404, "Unknown transition: use confirm, cancel, offer or complete.");
  const detail = await getBooking(reference);
  if (!detail) return notFoundJson("Booking");
  const body = (await readBody(request)) ?? {};
  const base = readBaseVersion(request, body);
  if (!base.ok) return base.response;
  let reason: string | undefined;
  if (transition === "cancel") {
    const parsed = cancelSchema.safeParse(body);
    if (!parsed.success) return jsonError(400, "Say why the booking is cancelled.", { reason: parsed.error.issues[0]!.message });
    reason = parsed.data.reason;
  }
  const result = await transitionBooking(detail.row.id, transition, ctx, { reason, expectedVersion: base.version });
  return result.ok ? answer(result.booking) : refusalJson(result);
}
