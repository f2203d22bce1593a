import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { FieldChange } from "~/lib/content-fields";
import { getDb } from "~/server/db/db.server";
import {
  activity,
  bookings,
  bookingTasks,
  bookingTravellers,
  jobs,
  reviewLinks,
  reviews,
  travellerDetails,
  tripConsents,
  tripLinks,
} from "~/server/db/schema.server";
import { bumpContentVersion, noteContentWritten } from "~/server/cache/content-version.server";
import type { DbExecutor } from "~/server/jobs/jobs.server";
import { proofKeysOfBookings } from "~/server/payment-ledger/payment-proofs.server";
import { photosOfReviews, reviewPhotoKeysOfBookings, TEAM_PHOTO_BASE } from "~/server/review/review-photos.server";
import type { PersonKey } from "./personal-data.server";

/**
 * Bookings in the privacy policy's export and erasure (ADR 088). A booking is
 * the person's when its lead traveller has their phone or e-mail, or when it
 * was made from one of their enquiries. Erasure keeps the agency's accounting
 * record (reference, package, dates, state, traveller counts, price lines and
 * total) and removes who: names, phone, e-mail, ages, notes, a cancellation's
 * reason, their e-mails in the outbox, and the same in the booking's timeline.
 * A live booking (held, confirmed, waitlisted) is still being served, so it is
 * not erased: the deletion is refused, naming it, until it is cancelled or the
 * trip is completed.
 */

const lastTen = (column: typeof bookings.leadPhone) => sql`right(regexp_replace(${column}, '[^0-9]', '', 'g'), 10)`;

/** The timeline's e-mail subjects (booking-emails.server.ts): their subject id is the timeline entry's. */
const BOOKING_EMAIL_SUBJECTS = ["booking-traveller", "booking-team"];

/** What an erased booking's lead traveller is called from then on. */
export const ERASED_NAME = "Erased at their request";

/** The timeline's field changes that name, reach or describe the person. */
const PERSONAL_FIELDS = new Set(["leadName", "leadPhone", "leadEmail", "names", "ages", "notes"]);

export function bookingMatch(key: PersonKey, enquiries: { leadIds: number[]; contactIds: number[] }): SQL {
  const byContact = key.kind === "email" ? sql`lower(${bookings.leadEmail}) = ${key.value}` : sql`${lastTen(bookings.leadPhone)} = ${key.digits}`;
  return or(
    byContact,
    enquiries.leadIds.length ? inArray(bookings.leadId, enquiries.leadIds) : undefined,
    enquiries.contactIds.length ? inArray(bookings.contactMessageId, enquiries.contactIds) : undefined,
  )!;
}

/** The person's bookings (deleted ones too), their travellers, and the outbox's booking e-mails about them. */
export async function findBookingData(key: PersonKey, enquiries: { leadIds: number[]; contactIds: number[] }, db: DbExecutor = getDb()) {
  const rows = await db.select().from(bookings).where(bookingMatch(key, enquiries)).orderBy(bookings.createdAt);
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { bookings: rows, travellers: [], details: [], bookingEmails: [], events: [], reviews: [] };
  const travellers = await db
    .select()
    .from(bookingTravellers)
    .where(inArray(bookingTravellers.bookingId, ids))
    .orderBy(bookingTravellers.bookingId, bookingTravellers.position);
  // The trip page's details (ADR 108): the passport number and PAN only as their last four characters, never opened here.
  const details = await db
    .select({
      travellerId: travellerDetails.travellerId,
      passportName: travellerDetails.passportName,
      dateOfBirth: travellerDetails.dateOfBirth,
      passportNumberLast4: travellerDetails.passportNumberLast4,
      passportIssuedOn: travellerDetails.passportIssuedOn,
      passportExpiresOn: travellerDetails.passportExpiresOn,
      panLast4: travellerDetails.panLast4,
      food: travellerDetails.food,
      medical: travellerDetails.medical,
      emergencyContact: travellerDetails.emergencyContact,
    })
    .from(travellerDetails)
    .where(inArray(travellerDetails.bookingId, ids));
  const events = await db
    .select({ id: activity.id, subjectId: activity.subjectId, detail: activity.detail })
    .from(activity)
    .where(and(eq(activity.subjectType, "booking"), inArray(activity.subjectId, ids.map(String))));
  const bookingEmails = events.length
    ? await db
        .select()
        .from(jobs)
        .where(
          and(
            inArray(jobs.subjectType, BOOKING_EMAIL_SUBJECTS),
            inArray(
              jobs.subjectId,
              events.map((event) => event.id),
            ),
          ),
        )
    : [];
  // Their verified reviews (ADR 116) with their photos' addresses for the team (ADR 118).
  const reviewRows = await db.select().from(reviews).where(inArray(reviews.bookingId, ids)).orderBy(reviews.id);
  const photos = await photosOfReviews(reviewRows, TEAM_PHOTO_BASE, db);
  const reviewsFound = reviewRows.map((row) => ({
    bookingId: row.bookingId,
    stars: row.stars,
    title: row.title,
    body: row.body,
    authorName: row.authorName,
    travelledOn: row.travelledOn,
    status: row.status,
    reply: row.reply,
    createdAt: row.createdAt,
    // When the team published or hid it, and replied.
    moderatedAt: row.moderatedAt,
    repliedAt: row.repliedAt,
    photos: (photos.get(row.id) ?? []).map((photo) => photo.full),
  }));
  return { bookings: rows, travellers, details, bookingEmails, events, reviews: reviewsFound };
}

export type BookingData = Awaited<ReturnType<typeof findBookingData>>;

/** The bookings still being served, which erasure leaves alone (and so refuses). */
export const liveBookings = (found: BookingData) =>
  found.bookings.filter((row) => row.deletedAt === null && (row.state === "held" || row.state === "confirmed" || row.state === "waitlisted"));

/** The export's part about bookings: each booking as stored, with its travellers and its reviews (their photos' addresses). */
export function bookingsExport(found: BookingData) {
  return found.bookings.map(({ createdBy: _createdBy, ...row }) => ({
    ...row,
    reviews: found.reviews.filter((review) => review.bookingId === row.id).map(({ bookingId: _booking, ...review }) => review),
    travellers: found.travellers
      .filter((traveller) => traveller.bookingId === row.id)
      .map(({ id, position, kind, name, age }) => {
        const detail = found.details.find((candidate) => candidate.travellerId === id);
        if (!detail) return { position, kind, name, age };
        const { travellerId: _id, passportNumberLast4, panLast4, ...rest } = detail;
        // Masked as the team sees them (ADR 108): a sealed value never leaves the database in clear.
        return {
          position,
          kind,
          name,
          age,
          details: { ...rest, passportNumber: passportNumberLast4 ? `XXXX${passportNumberLast4}` : null, pan: panLast4 ? `XXXX${panLast4}` : null },
        };
      }),
  }));
}

/**
 * Removes the person from their closed bookings, in the caller's transaction: the
 * accounting record stays. Returns how many bookings were erased, and the keys
 * of their payments' proofs, for the caller to delete once the transaction commits.
 */
export async function eraseBookingData(
  found: BookingData,
  tx: DbExecutor,
): Promise<{ bookings: number; outbox: number; proofKeys: string[]; reviewPhotoKeys: string[] }> {
  const ids = found.bookings.map((row) => row.id);
  if (ids.length === 0) return { bookings: 0, outbox: 0, proofKeys: [], reviewPhotoKeys: [] };
  // Their payments' proofs (ADR 114): screenshots and slips of their money. The ledger rows stay (the accounting
  // record); the files go once this commits (the caller deletes them), and the proof route then finds none.
  const proofKeys = await proofKeysOfBookings(ids, tx);
  await tx
    .update(bookings)
    .set({
      leadName: ERASED_NAME,
      leadPhone: "",
      leadEmail: null,
      notes: "",
      cancelReason: sql`case when ${bookings.cancelReason} is null then null else 'Erased at their request' end`,
      leadId: null,
      contactMessageId: null,
      version: sql`${bookings.version} + 1`,
    })
    .where(inArray(bookings.id, ids));
  await tx.update(bookingTravellers).set({ name: "", age: null }).where(inArray(bookingTravellers.bookingId, ids));
  await eraseTripData(tx, ids);
  // Their reviews (ADR 116): the words and the name go too, and the package page's cached copies with them;
  // their photos' rows with them (cascade), their files once this commits (ADR 118).
  const reviewPhotoKeys = await reviewPhotoKeysOfBookings(ids, tx);
  const reviewsGone = await tx.delete(reviews).where(inArray(reviews.bookingId, ids)).returning({ id: reviews.id });
  if (reviewsGone.length > 0) {
    await bumpContentVersion(tx as Parameters<typeof bumpContentVersion>[0]);
    noteContentWritten();
  }
  if (found.bookingEmails.length)
    await tx.delete(jobs).where(
      inArray(
        jobs.id,
        found.bookingEmails.map((job) => job.id),
      ),
    );
  // The timeline keeps what was done and when, not who: its label and the personal fields' before and after go.
  await tx
    .update(activity)
    .set({ subjectLabel: sql`split_part(${activity.subjectLabel}, ' ', 1)` })
    .where(and(eq(activity.subjectType, "booking"), inArray(activity.subjectId, ids.map(String))));
  for (const event of found.events) {
    const detail = event.detail as { changes?: FieldChange[]; reason?: unknown };
    if (!Array.isArray(detail.changes) && detail.reason === undefined) continue;
    const changes = detail.changes?.map((change) => (PERSONAL_FIELDS.has(change.field) ? { field: change.field, label: change.label } : change));
    await tx
      .update(activity)
      .set({ detail: { ...event.detail, ...(changes ? { changes } : {}), ...(detail.reason === undefined ? {} : { reason: "Erased at their request" }) } })
      .where(eq(activity.id, event.id));
  }
  return { bookings: ids.length, outbox: found.bookingEmails.length, proofKeys, reviewPhotoKeys };
}

/**
 * The trip page's personal data of these bookings (ADR 108): the travellers'
 * details (sealed passport numbers and PANs included), the consent, every
 * link (the review links too, ADR 116), and the words of the traveller's
 * requests (the figures stay). Reviews are the callers' (the erasure at the
 * traveller's request deletes them; the retention sweep, ADR 121, keeps a
 * published one without the name).
 */
export async function eraseTripData(tx: DbExecutor, bookingIds: number[]) {
  if (bookingIds.length === 0) return { details: 0 };
  const gone = await tx.delete(travellerDetails).where(inArray(travellerDetails.bookingId, bookingIds)).returning({ id: travellerDetails.travellerId });
  await tx.delete(tripConsents).where(inArray(tripConsents.bookingId, bookingIds));
  await tx.delete(tripLinks).where(inArray(tripLinks.bookingId, bookingIds));
  await tx.delete(reviewLinks).where(inArray(reviewLinks.bookingId, bookingIds));
  await tx
    .update(bookingTasks)
    .set({ detail: sql`${bookingTasks.detail} - 'message'` })
    .where(inArray(bookingTasks.bookingId, bookingIds));
  return { details: gone.length };
}
