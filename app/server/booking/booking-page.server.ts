import { parseWithZod } from "@conform-to/zod/v4";
import { asc, eq } from "drizzle-orm";
import { data } from "react-router";
import { toIndianDateTimeInput } from "~/lib/admin-format";
import { isBookingTransition, seatsText, transitionsFrom } from "~/lib/booking";
import { askedPaise } from "~/lib/booking-amount";
import { storedBookingValues, blankBookingValues, bookingValuesFromFields, type BookablePackage, type BookingFormValues } from "~/lib/booking-form-values";
import { bookingEditSchema, cancelSchema, newBookingSchema } from "~/lib/booking-schema";
import { parseEnquiryKey } from "~/lib/enquiry-id";
import { formatPaise } from "~/lib/price";
import { formatTourDateRange, todayIso, upcomingDates } from "~/lib/tour-format";
import { redirectWithNotice } from "~/server/admin/notice.server";
import { canDeleteBookings } from "~/server/auth/access.server";
import type { Viewer } from "~/server/auth/guard.server";
import {
  conflictData,
  FAILED_NOTICE,
  keepSentValuesOnFailure,
  readEditorRequest,
  sentFields,
  type EditorActionResult,
} from "~/server/content/editor-actions.server";
import { getDb } from "~/server/db/db.server";
import { packages, seatRequests, siteSettings } from "~/server/db/schema.server";
import { getEnquiry } from "~/server/enquiry/enquiry-detail.server";
import { departureSeatCounts, departureSeats } from "~/server/seats/departure-seats.server";
import { isTripMessageKind, tripMessageWhatsapp } from "~/server/trip/trip-messages.server";
import { createBooking } from "./booking-create.server";
import { updateBooking } from "./booking-edit.server";
import { bookingTimeline, getBooking, type BookingDetail } from "./booking-queries.server";
import { deleteBooking, listDeletedBookings, RESTORE_DAYS, restoreBooking, transitionBooking } from "./booking-transitions.server";
import { copyPrices, type BookingContext, type BookingRefusal } from "./booking-write.server";

/** The booking screens' loaders and actions (ADR 088): route modules authorize, then call these. */

export const bookingPath = (reference: string) => `/admin/bookings/${reference}`;

/** Every package with its upcoming departures (and their free seats) and its prices per traveller, for the form. */
export async function bookablePackages(today: string, keep?: BookingDetail["row"]): Promise<BookablePackage[]> {
  const rows = await getDb()
    .select({
      id: packages.id,
      title: packages.title,
      status: packages.status,
      groupDates: packages.groupDates,
      price: packages.price,
      priceOptions: packages.priceOptions,
    })
    .from(packages)
    .orderBy(asc(packages.title));
  const counts = await departureSeatCounts(rows.map((row) => row.id));
  return rows.map((row) => {
    const dates = upcomingDates(row.groupDates, today).filter((date) => date.id && date.start > today);
    const own = keep?.packageId === row.id ? row.groupDates.find((date) => date.id === keep.departureId) : undefined;
    if (own && !dates.includes(own)) dates.unshift(own);
    const prices = [
      { basis: "", label: "Package price", option: "" },
      ...row.priceOptions.map((option) => ({ basis: option.label, label: option.label, option: option.label })),
    ].flatMap(({ basis, label, option }) => {
      const copied = copyPrices(row.price, row.priceOptions, option);
      if (!copied) return [];
      // A stored booking keeps the prices it was made with for its own basis.
      const kept = keep?.packageId === row.id && (keep.price.basis === "Package price" ? "" : keep.price.basis) === basis ? keep.price.units : null;
      const units = kept ?? copied.units;
      return [{ basis, label: `${label}: ${formatPaise(units.adult)} an adult`, units }];
    });
    return {
      id: row.id,
      title: row.status === "published" ? row.title : `${row.title} (draft)`,
      departures: dates.map((date) => {
        const seats = departureSeats(date, row.id, counts);
        const room =
          seats.free === null
            ? "no seat limit"
            : seats.free === 0
              ? `full${seats.waitlist ? `, ${seats.waitlist} waiting` : ""}`
              : `${seatsText(seats.free)} free`;
        return { id: date.id!, label: `${date.name}, ${formatTourDateRange(date.start, date.end)} (${room})` };
      }),
      prices,
    };
  });
}

const holdInput = async (now: Date) => {
  const [row] = await getDb().select({ hours: siteSettings.bookingHoldHours }).from(siteSettings).limit(1);
  return toIndianDateTimeInput(new Date(now.getTime() + (row?.hours ?? 48) * 3_600_000));
};

/**
 * A new booking's form, filled from where it was started: an enquiry or seat
 * request (`?enquiry=lead-12`: package, departure, travellers, contact) or a
 * departure (`?package=3&departure=dX`).
 */
export async function loadNewBooking(url: URL, now: Date) {
  const values: BookingFormValues = blankBookingValues();
  const ref = parseEnquiryKey(url.searchParams.get("enquiry"));
  const enquiry = ref ? await getEnquiry(ref) : null;
  if (ref && enquiry) {
    values.enquiry = enquiry.key;
    values.leadName = enquiry.name;
    values.leadPhone = enquiry.phone;
    values.leadEmail = enquiry.email ?? "";
    values.travellers = [{ name: enquiry.name, age: "" }];
    if (enquiry.packageId) values.packageId = String(enquiry.packageId);
    const [request] = ref.kind === "lead" ? await getDb().select().from(seatRequests).where(eq(seatRequests.leadId, ref.id)) : [];
    if (request) {
      values.departureId = request.departureId;
      values.adults = String(request.adults);
      values.childrenWithBed = String(request.children);
      values.room = request.room;
    } else {
      const travellers = enquiry.fields.find((field) => field.label === "Travellers");
      if (travellers && Number(travellers.value) >= 1) values.adults = travellers.value;
    }
  }
  const pkg = url.searchParams.get("package");
  if (!enquiry && pkg && /^\d{1,9}$/.test(pkg)) {
    values.packageId = pkg;
    values.departureId = url.searchParams.get("departure") ?? "";
  }
  const today = todayIso(now);
  return {
    values,
    packages: await bookablePackages(today),
    defaultHold: await holdInput(now),
    from: enquiry ? { key: enquiry.key, name: enquiry.name } : null,
  };
}

/** A refusal as the form's answer: field errors inline (the full departure's on the travellers), or the conflict notice. */
function refusalData(refusal: BookingRefusal) {
  if (refusal.conflict) return conflictData(refusal.conflict, "save");
  const fields = refusal.fields ?? { form: refusal.message };
  const errors = Object.fromEntries(Object.entries(fields).map(([name, message]) => [name, [message]]));
  return data<EditorActionResult & { full?: boolean }>(
    { errors, notice: refusal.message, full: refusal.status === 409 && refusal.free !== undefined },
    { status: refusal.status },
  );
}

const contextOf = (viewer: Viewer, ip: string | undefined, now: Date): BookingContext => ({
  actor: { id: viewer.id, email: viewer.email, name: viewer.name },
  ip,
  now,
});

/** POST /admin/bookings/new: makes the booking, or answers what to fix (a full departure offers the waitlist). */
export async function handleNewBooking(request: Request, viewer: Viewer, ip: string | undefined, now: Date) {
  const formData = await request.formData();
  if (formData.get("intent") === "waitlist") formData.set("state", "waitlisted");
  return keepSentValuesOnFailure(
    "making a booking",
    () => bookingValuesFromFields(sentFields(formData), blankBookingValues()),
    async () => {
      const submission = parseWithZod(formData, { schema: newBookingSchema });
      if (submission.status !== "success") {
        return data<EditorActionResult>({ errors: submission.reply().error ?? {}, notice: FAILED_NOTICE }, { status: 400 });
      }
      const result = await createBooking(submission.value, contextOf(viewer, ip, now));
      if (!result.ok) return refusalData(result);
      const { reference, state, leadName } = result.booking;
      const what = state === "held" ? "Seats held" : state === "confirmed" ? "Booking confirmed" : "Put on the waitlist";
      return redirectWithNotice(bookingPath(reference), {
        kind: "success",
        message: `${what}: ${reference} for ${leadName}.${result.booking.leadEmail && state !== "waitlisted" ? " The traveller is e-mailed." : ""}`,
      });
    },
  );
}

/** A booking's page: the form's values, its summary, timeline and what can be done next. */
export async function loadBookingPage(reference: string, viewer: Viewer, now: Date) {
  const detail = await getBooking(reference);
  if (!detail) throw data({ message: "There is no booking with that reference." }, { status: 404 });
  const { row, travellers, source } = detail;
  const [entries, packagesList, [brand]] = await Promise.all([
    bookingTimeline(row.id),
    bookablePackages(todayIso(now), row),
    getDb().select({ name: siteSettings.brandName }).from(siteSettings).limit(1),
  ]);
  // The traveller's scheduled messages (issue 48) carry the WhatsApp text ready for the team, written now from the booking.
  const timeline = entries.map((entry) =>
    isTripMessageKind(entry.tripMessage) ? { ...entry, whatsapp: tripMessageWhatsapp(row, entry.tripMessage, brand?.name ?? "Pravas") } : entry,
  );
  return {
    booking: {
      reference: row.reference,
      state: row.state,
      packageTitle: row.packageTitle,
      departureName: row.departureName,
      startDate: row.startDate,
      endDate: row.endDate,
      leadName: row.leadName,
      leadPhone: row.leadPhone,
      leadEmail: row.leadEmail,
      seats: row.seats,
      totalPaise: row.totalPaise,
      /** The price with its GST and TCS: what the Money panel asks for (ADR 115). */
      askedPaise: askedPaise(row),
      holdUntil: row.holdUntil?.toISOString() ?? null,
      cancelReason: row.cancelReason,
      createdAt: row.createdAt.toISOString(),
      createdByName: row.createdByName,
      source,
      transitions: transitionsFrom(row.state),
    },
    stored: {
      reference: row.reference,
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
      held: row.state === "held",
      basis: row.price.basis === "Package price" ? "" : row.price.basis,
      /** The enquiry it was made from ("lead-12"): the new-booking form's browser copy was kept under it. */
      enquiry: source?.key ?? null,
    },
    editable: row.state !== "cancelled",
    values: storedBookingValues(row, travellers, row.holdUntil ? toIndianDateTimeInput(row.holdUntil) : ""),
    packages: packagesList.filter((pkg) => pkg.id === row.packageId),
    timeline,
    canDelete: canDeleteBookings(viewer),
    now: now.toISOString(),
  };
}

const TRANSITION_NOTICES = {
  confirm: "Booking confirmed.",
  cancel: "Booking cancelled; its seats are free again.",
  offer: "Seats offered: they are held for the traveller now.",
  complete: "Marked as completed.",
} as const;

/** POSTs of a booking's page: save the form, a transition, or (admins) delete. */
export async function handleBookingAction(request: Request, reference: string, viewer: Viewer, ip: string | undefined, now: Date) {
  const detail = await getBooking(reference);
  if (!detail) throw data({ message: "There is no booking with that reference." }, { status: 404 });
  const formData = await request.formData();
  const ctx = contextOf(viewer, ip, now);
  const page = bookingPath(reference);
  const intent = String(formData.get("intent") ?? "save");
  const email = detail.row.leadEmail ? " The traveller is e-mailed." : "";
  if (intent === "transition") {
    const name = String(formData.get("transition") ?? "");
    if (!isBookingTransition(name)) return redirectWithNotice(page, { kind: "error", message: "That is not something a booking can do." });
    const reason = name === "cancel" ? cancelSchema.safeParse({ reason: formData.get("reason") }) : null;
    if (reason && !reason.success) return redirectWithNotice(page, { kind: "error", message: "Not cancelled: say why the booking is cancelled." });
    const result = await transitionBooking(detail.row.id, name, ctx, { reason: reason?.data.reason });
    if (!result.ok) return redirectWithNotice(page, { kind: "error", message: `Not done: ${result.message}` });
    // The team is told who the freed seats went to (each is e-mailed the offer).
    const offered = result.offered.length > 0 ? ` Offered from the waitlist: ${result.offered.join(", ")}.` : "";
    return redirectWithNotice(page, { kind: "success", message: `${TRANSITION_NOTICES[name]}${name === "complete" ? "" : email}${offered}` });
  }
  if (intent === "delete") {
    if (!canDeleteBookings(viewer)) throw data({ message: "Only an admin can delete a booking." }, { status: 403 });
    const result = await deleteBooking(detail.row.id, ctx);
    if (!result.ok) return redirectWithNotice(page, { kind: "error", message: result.message });
    return redirectWithNotice("/admin/bookings", {
      kind: "success",
      message: `Booking ${reference} deleted. An admin can restore it from Recently deleted for 30 days.`,
    });
  }
  return keepSentValuesOnFailure(
    "saving a booking",
    () => bookingValuesFromFields(sentFields(formData), storedBookingValues(detail.row, detail.travellers, "")),
    async () => {
      const submission = parseWithZod(formData, { schema: bookingEditSchema });
      if (submission.status !== "success") {
        return data<EditorActionResult>({ errors: submission.reply().error ?? {}, notice: FAILED_NOTICE }, { status: 400 });
      }
      const editor = readEditorRequest(formData);
      const result = await updateBooking(detail.row.id, submission.value, ctx, { expectedVersion: editor.options.expectedVersion });
      if (!result.ok) return refusalData(result);
      const moved = result.scheduleChange ? ` The total is now ${formatPaise(result.booking.totalPaise)}: payment schedule ${result.scheduleChange.text}.` : "";
      return redirectWithNotice(page, { kind: "success", message: `Booking ${reference} saved.${moved}` });
    },
  );
}

/** Bookings deleted in the last 30 days, for Recently deleted (admins). */
export async function deletedBookings(now: Date) {
  const rows = await listDeletedBookings(getDb(), now);
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    leadName: row.leadName,
    packageTitle: row.packageTitle,
    seats: row.seats,
    deletedAt: row.deletedAt!.toISOString(),
    restorableUntil: new Date(row.deletedAt!.getTime() + RESTORE_DAYS * 86_400_000).toISOString(),
  }));
}

/** "Restore" on Recently deleted: the booking comes back if its seats are still free, and its page opens. */
export async function restoreDeletedBooking(request: Request, viewer: Viewer, ip: string | undefined, now: Date) {
  const id = Number((await request.formData()).get("bookingId"));
  const result = Number.isSafeInteger(id) && id > 0 ? await restoreBooking(id, contextOf(viewer, ip, now)) : null;
  if (!result?.ok)
    return redirectWithNotice("/admin/recently-deleted", { kind: "error", message: `Not restored: ${result?.message ?? "there is no such booking."}` });
  return redirectWithNotice(bookingPath(result.booking.reference), { kind: "success", message: `Restored booking ${result.booking.reference}.` });
}
