import { and, eq, isNull } from "drizzle-orm";
import { formatPhone } from "~/lib/phone";
import { formatPaise } from "~/lib/price";
import { formatTourDateRange } from "~/lib/tour-format";
import { checkDetailField, DETAIL_LABELS, PASSPORT_FIELDS, SEALED_FIELDS, type DetailField } from "~/lib/traveller-details";
import { indianDate } from "~/lib/follow-up";
import { tripDetailsNotice } from "~/server/legal/legal-queries.server";
import { recordActivity } from "~/server/activity/activity.server";
import type { Viewer } from "~/server/auth/guard.server";
import { getDb } from "~/server/db/db.server";
import { packageIsAbroad } from "~/server/db/package-abroad.server";
import { bookingTasks, bookingTravellers, packages, siteSettings, travellerDetails, tripConsents, type BookingRow } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import { enqueueJobs, subjectOnceKey } from "~/server/jobs/jobs.server";
import { EMAIL_JOB, emailPayloadSchema } from "~/server/notify/notification-jobs.server";
import { bookingMoney } from "~/server/payment-ledger/booking-money.server";
import { cancellationQuote, quoteText, tcsKept } from "./trip-page.server";
import { maskedField, openField, sealField, travellerDataKey } from "./sealed-field.server";

/** The trip page's writes (issue 48, ADR 108): consent, one detail at a time, and asking for a cancellation. */

const subjectOf = (row: BookingRow) => ({ type: "booking", id: row.id, label: `${row.reference} (${row.leadName})` });
const TRAVELLER = { name: "Traveller (trip page)" };

export const NO_KEY_MESSAGE =
  "Passport numbers and PANs cannot be saved online just now (our encryption key is not set up). Nothing was stored: please give it to our team by phone.";

/** "I agree": once per booking, with the notice's text as shown. */
export async function giveConsent(row: BookingRow, now: Date) {
  const db = getDb();
  const notice = await tripDetailsNotice(db);
  await db.transaction(async (tx) => {
    const stored = await tx
      .insert(tripConsents)
      .values({ bookingId: row.id, notice: notice.text, givenAt: now })
      .onConflictDoNothing()
      .returning({ bookingId: tripConsents.bookingId });
    if (stored.length)
      await recordActivity(
        { kind: "trip.consent-given", actor: TRAVELLER, subject: subjectOf(row), detail: { text: "The traveller agreed to the details notice" } },
        { db: tx },
      );
  });
}

export type DetailSaveResult =
  | { ok: true; field: DetailField; value: string; masked?: string | null; warning?: string }
  | { ok: false; field: DetailField; error: string; status: number };

/**
 * Saves one field of one traveller of this booking: refused before consent,
 * after departure, for another booking's traveller, on a field the trip does
 * not ask for, or when it fails its check. The passport number and PAN are
 * sealed, and refused without the key.
 */
export async function saveDetailField(
  row: BookingRow,
  input: { travellerId: number; field: DetailField; value: string },
  now: Date,
): Promise<DetailSaveResult> {
  const { field } = input;
  const refuse = (error: string, status = 400): DetailSaveResult => ({ ok: false, field, error, status });
  const db = getDb();
  const today = indianDate(now);
  if (!(today < row.startDate) || !(row.state === "held" || row.state === "confirmed")) return refuse("Details can no longer be changed here: call us.", 409);
  const [[consent], [traveller], [pkg]] = await Promise.all([
    db.select({ at: tripConsents.givenAt }).from(tripConsents).where(eq(tripConsents.bookingId, row.id)),
    db
      .select({ id: bookingTravellers.id })
      .from(bookingTravellers)
      .where(and(eq(bookingTravellers.id, input.travellerId), eq(bookingTravellers.bookingId, row.id))),
    db.select({ abroad: packageIsAbroad }).from(packages).where(eq(packages.id, row.packageId)),
  ]);
  if (!consent) return refuse("Tick the box to agree to the notice first: nothing is saved before that.", 409);
  if (!traveller) return refuse("That traveller is not on this booking.", 404);
  if (PASSPORT_FIELDS.includes(field) && pkg?.abroad !== true) return refuse("Passport details are asked only for trips abroad.");
  // A PAN serves only the TCS on a trip abroad; clearing one given earlier is always allowed.
  if (field === "pan" && pkg?.abroad !== true && input.value.trim() !== "")
    return refuse("A PAN is asked only for trips abroad (for the tax collected at source).");
  const [stored] = await db.select().from(travellerDetails).where(eq(travellerDetails.travellerId, traveller.id));
  const checked = checkDetailField(field, input.value, {
    today,
    returnDate: row.endDate,
    dateOfBirth: stored?.dateOfBirth,
    passportIssuedOn: stored?.passportIssuedOn,
    passportExpiresOn: stored?.passportExpiresOn,
  });
  if (!checked.ok) return refuse(checked.error);
  let set: Partial<typeof travellerDetails.$inferInsert>;
  let masked: string | null | undefined;
  if (SEALED_FIELDS.includes(field)) {
    const key = travellerDataKey();
    if (!key) return refuse(NO_KEY_MESSAGE, 503);
    const sealed = checked.value ? sealField(checked.value, key) : null;
    const last4 = checked.value ? checked.value.slice(-4) : null;
    set = field === "pan" ? { panSealed: sealed, panLast4: last4 } : { passportNumberSealed: sealed, passportNumberLast4: last4 };
    masked = maskedField(last4);
  } else if (field === "dateOfBirth" || field === "passportIssuedOn" || field === "passportExpiresOn") {
    set = { [field]: checked.value || null };
  } else {
    set = { [field]: checked.value };
  }
  await db
    .insert(travellerDetails)
    .values({ travellerId: traveller.id, bookingId: row.id, ...set, updatedAt: now })
    .onConflictDoUpdate({ target: travellerDetails.travellerId, set: { ...set, updatedAt: now } });
  return masked === undefined
    ? { ok: true, field, value: checked.value, warning: checked.warning }
    : { ok: true, field, value: "", masked, warning: checked.warning };
}

/**
 * "Ask for a cancellation": a task on the booking for the team, with the
 * refund the package's rule gives today as the traveller was shown it, an
 * entry on the timeline and an e-mail to the team. It cancels nothing.
 * Asking again while a request is open adds nothing.
 */
export async function askForCancellation(row: BookingRow, message: string, now: Date): Promise<{ ok: true; already: boolean } | { ok: false; error: string }> {
  if (!(row.state === "held" || row.state === "confirmed" || row.state === "waitlisted"))
    return { ok: false, error: "This booking is not open any more: call us." };
  const db = getDb();
  const money = await bookingMoney(db, row, now);
  const quote = cancellationQuote(row, money.state.paidPaise, now, await tcsKept(row));
  const [settings] = await db.select({ notifyEmail: siteSettings.notifyEmail, email: siteSettings.email }).from(siteSettings).limit(1);
  return db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: bookingTasks.id })
      .from(bookingTasks)
      .where(and(eq(bookingTasks.bookingId, row.id), eq(bookingTasks.kind, "cancellation"), isNull(bookingTasks.doneAt)))
      .for("update");
    if (open) return { ok: true as const, already: true };
    await tx.insert(bookingTasks).values({ bookingId: row.id, kind: "cancellation", detail: { ...quote, message }, createdAt: now });
    const text = `The traveller asked for a cancellation (shown a refund of ${formatPaise(quote.refundPaise)})`;
    const eventId = await recordActivity(
      { kind: "trip.cancellation-asked", actor: TRAVELLER, subject: subjectOf(row), detail: { text, ...(message ? { reason: message } : {}) } },
      { db: tx },
    );
    const to = settings?.notifyEmail ?? getEnv().NOTIFY_EMAIL ?? settings?.email;
    if (to && eventId) {
      const subject = { type: "booking-team", id: eventId };
      await enqueueJobs(tx, EMAIL_JOB, [
        {
          subject,
          onceKey: subjectOnceKey(EMAIL_JOB, subject),
          payload: emailPayloadSchema.parse({
            to,
            subject: `Cancellation asked: ${row.reference} ${row.leadName}, ${row.packageTitle}`,
            text: [
              `${row.leadName} asked on their trip page to cancel ${row.reference} (${row.packageTitle}, ${formatTourDateRange(row.startDate, row.endDate)}).`,
              "The booking is not cancelled: that is for you to do after talking to them.",
              "",
              `What they were shown: ${quoteText(quote)}`,
              ...(message ? ["", `Their message: ${message}`] : []),
              "",
              `Phone: ${formatPhone(row.leadPhone)}`,
              `${getEnv().SITE_URL.replace(/\/$/, "")}/admin/bookings/${row.reference}`,
            ].join("\n"),
          }),
        },
      ]);
    }
    return { ok: true as const, already: false };
  });
}

/** "Mark done" on a traveller's request (both roles). */
export async function markTaskDone(row: BookingRow, taskId: number, viewer: Viewer, now: Date): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const done = await tx
      .update(bookingTasks)
      .set({ doneAt: now, doneByName: viewer.name || viewer.email })
      .where(and(eq(bookingTasks.id, taskId), eq(bookingTasks.bookingId, row.id), isNull(bookingTasks.doneAt)))
      .returning({ id: bookingTasks.id });
    if (done.length)
      await recordActivity(
        { kind: "trip.task-done", actor: viewer, subject: subjectOf(row), detail: { text: "Marked the traveller's cancellation request done" } },
        { db: tx },
      );
    return done.length > 0;
  });
}

/** "Reveal" (admins): the passport number or PAN in clear, logged on the booking's timeline and the activity log. */
export async function revealDetail(
  row: BookingRow,
  travellerId: number,
  field: "passportNumber" | "pan",
  viewer: Viewer,
  ip: string | undefined,
): Promise<{ ok: true; value: string } | { ok: false; error: string }> {
  const key = travellerDataKey();
  if (!key) return { ok: false, error: "TRAVELLER_DATA_KEY is not set on this server: the value cannot be opened." };
  const [stored] = await getDb()
    .select()
    .from(travellerDetails)
    .where(and(eq(travellerDetails.travellerId, travellerId), eq(travellerDetails.bookingId, row.id)));
  const sealed = field === "pan" ? stored?.panSealed : stored?.passportNumberSealed;
  if (!sealed) return { ok: false, error: "Nothing is stored for that field." };
  let value: string;
  try {
    value = openField(sealed, key);
  } catch {
    return { ok: false, error: "The stored value cannot be opened with this server's key (another key, or altered)." };
  }
  await recordActivity({
    kind: "trip.details-revealed",
    actor: viewer,
    ip,
    subject: subjectOf(row),
    detail: { text: `Revealed a traveller's ${DETAIL_LABELS[field].toLowerCase()}`, travellerId },
  });
  return { ok: true, value };
}
