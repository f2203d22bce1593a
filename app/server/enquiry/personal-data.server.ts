import { and, eq, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { recordActivity } from "~/server/activity/activity.server";
import type { Viewer } from "~/server/auth/guard.server";
import { getDb } from "~/server/db/db.server";
import { activity, contactMessages, enquiryNotes, jobs, leads } from "~/server/db/schema.server";
import { getLogger } from "~/server/logger.server";
import { removeFallbackMail } from "~/server/notify/mail-files.server";
import type { DbExecutor } from "~/server/jobs/jobs.server";
import { deleteProofFiles } from "~/server/payment-ledger/payment-proofs.server";
import { deleteReviewPhotoFiles } from "~/server/review/review-photos.server";
import { bookingsExport, eraseBookingData, findBookingData, liveBookings } from "./personal-data-bookings.server";

/**
 * The privacy policy's promises (ADR 029): find everything held about one
 * phone number or e-mail address, hand it over as JSON, delete it. Phones
 * match on their last ten digits, so "+91 98765 43210", "098765-43210" and
 * "9876543210" are one person; e-mail addresses match ignoring case.
 */

export type PersonKey = { kind: "email"; value: string } | { kind: "phone"; value: string; digits: string };

/** What was typed, as a phone number or an e-mail address; null when it is neither. */
export function parsePersonKey(text: string): PersonKey | null {
  const value = text.trim();
  if (value.length === 0 || value.length > 200) return null;
  if (value.includes("@")) return /^[^\s@]+@[^\s@]+$/.test(value) ? { kind: "email", value: value.toLowerCase() } : null;
  if (!/^\+?[\d\s().-]+$/.test(value)) return null;
  const digits = value.replace(/\D/g, "");
  return digits.length >= 8 && digits.length <= 15 ? { kind: "phone", value, digits: digits.slice(-10) } : null;
}

const lastTen = (column: AnyColumn) => sql`right(regexp_replace(${column}, '[^0-9]', '', 'g'), 10)`;

function leadMatch(key: PersonKey): SQL {
  return key.kind === "email" ? sql`lower(${leads.email}) = ${key.value}` : sql`${lastTen(leads.phone)} = ${key.digits}`;
}

function contactMatch(key: PersonKey): SQL {
  return key.kind === "email" ? sql`lower(${contactMessages.email}) = ${key.value}` : sql`${lastTen(contactMessages.phone)} = ${key.digits}`;
}

/** Everything held about one person, as exported. */
export async function findPersonalData(key: PersonKey, db: DbExecutor = getDb()) {
  const leadRows = await db.select().from(leads).where(leadMatch(key)).orderBy(leads.createdAt);
  const contactRows = await db.select().from(contactMessages).where(contactMatch(key)).orderBy(contactMessages.createdAt);
  const leadIds = leadRows.map((row) => row.id);
  const contactIds = contactRows.map((row) => row.id);
  const notes =
    leadIds.length || contactIds.length
      ? await db
          .select()
          .from(enquiryNotes)
          .where(or(inArray(enquiryNotes.leadId, leadIds.length ? leadIds : [0]), inArray(enquiryNotes.contactMessageId, contactIds.length ? contactIds : [0])))
          .orderBy(enquiryNotes.createdAt)
      : [];
  const outbox = leadIds.length || contactIds.length ? await db.select().from(jobs).where(outboxMatch(leadIds, contactIds)) : [];
  const booked = await findBookingData(key, { leadIds, contactIds }, db);
  return { leads: leadRows, contactMessages: contactRows, notes, outbox, booked };
}

type PersonalData = Awaited<ReturnType<typeof findPersonalData>>;

function outboxMatch(leadIds: number[], contactIds: number[]): SQL {
  return or(
    and(eq(jobs.subjectType, "lead"), inArray(jobs.subjectId, leadIds.length ? leadIds : [0])),
    and(eq(jobs.subjectType, "contact-message"), inArray(jobs.subjectId, contactIds.length ? contactIds : [0])),
  )!;
}

/** The JSON a person gets (a download): what we hold, when it was exported. */
export function personalDataExport(key: PersonKey, found: PersonalData, now = new Date()) {
  return {
    exportedAt: now.toISOString(),
    query: key.kind === "email" ? { email: key.value } : { phone: key.value },
    leads: found.leads,
    contactMessages: found.contactMessages,
    bookings: bookingsExport(found.booked),
    notes: found.notes.map(({ id, leadId, contactMessageId, authorName, body, createdAt }) => ({ id, leadId, contactMessageId, authorName, body, createdAt })),
    // Named as before the queue's table was renamed (ADR 082): the export's shape stays.
    notifications: [...found.outbox, ...found.booked.bookingEmails].map(({ id, type, subjectType, subjectId, payload, status, createdAt, doneAt }) => ({
      id,
      channel: type,
      subjectType,
      subjectId,
      payload,
      status: status === "done" ? "sent" : status,
      createdAt,
      sentAt: doneAt,
    })),
  };
}

type DeletionCounts = { leads: number; contactMessages: number; notes: number; outbox: number; bookings: number };

/** Refused: the person has bookings still being served (their references); nothing was deleted. */
export class LiveBookingsError extends Error {
  constructor(readonly references: string[]) {
    super(`live bookings: ${references.join(", ")}`);
  }
}

/**
 * Deletes everything held about one person in one transaction: their outbox
 * rows, notes, leads and contact messages, and their name, phone, e-mail and
 * travellers' names and ages on their bookings, which stay as the agency's
 * accounting record (personal-data-bookings.server.ts). Refused with
 * LiveBookingsError while a booking of theirs is held, confirmed or waitlisted. The activity log records the
 * counts, never the phone, e-mail or anything else deleted. Once that has
 * committed, the outbox rows' .eml files (written when SMTP_URL is unset)
 * are deleted too.
 */
export async function deletePersonalData(key: PersonKey, ctx: { viewer: Viewer; ip?: string | null }): Promise<DeletionCounts> {
  let outboxRows: PersonalData["outbox"] = [];
  let proofKeys: string[] = [];
  let reviewPhotoKeys: string[] = [];
  const counts = await getDb().transaction(async (tx) => {
    const found = await findPersonalData(key, tx);
    const leadIds = found.leads.map((row) => row.id);
    const contactIds = found.contactMessages.map((row) => row.id);
    const live = liveBookings(found.booked);
    if (live.length) throw new LiveBookingsError(live.map((row) => row.reference));
    const erased = await eraseBookingData(found.booked, tx);
    const counts: DeletionCounts = {
      leads: leadIds.length,
      contactMessages: contactIds.length,
      notes: found.notes.length,
      outbox: found.outbox.length + erased.outbox,
      bookings: erased.bookings,
    };
    outboxRows = [...found.outbox, ...found.booked.bookingEmails];
    proofKeys = erased.proofKeys;
    reviewPhotoKeys = erased.reviewPhotoKeys;
    if (leadIds.length + contactIds.length + erased.bookings === 0) return counts;
    if (leadIds.length + contactIds.length) await tx.delete(jobs).where(outboxMatch(leadIds, contactIds));
    if (found.notes.length)
      await tx.delete(enquiryNotes).where(
        inArray(
          enquiryNotes.id,
          found.notes.map((note) => note.id),
        ),
      );
    if (leadIds.length) await tx.delete(leads).where(inArray(leads.id, leadIds));
    if (contactIds.length) await tx.delete(contactMessages).where(inArray(contactMessages.id, contactIds));
    // Activity entries named the person ("Asha Rao's enquiry"): they keep what was done, not whose.
    const keys = [...leadIds.map((id) => `lead-${id}`), ...contactIds.map((id) => `contact-${id}`)];
    if (keys.length)
      await tx
        .update(activity)
        .set({ subjectLabel: "a deleted enquiry" })
        .where(and(eq(activity.subjectType, "enquiry"), inArray(activity.subjectId, keys)));
    await recordActivity(
      {
        kind: "enquiry.personal-data-deleted",
        actor: { id: ctx.viewer.id, email: ctx.viewer.email, name: ctx.viewer.name },
        subject: { type: "personal-data", label: `by ${key.kind === "email" ? "e-mail address" : "phone number"}` },
        ip: ctx.ip,
        detail: { ...counts },
      },
      { db: tx },
    );
    return counts;
  });
  // After the commit: a rolled-back deletion keeps its files. The rows are gone
  // either way, so a file that cannot be removed now is logged, not thrown.
  await removeFallbackMail(outboxRows).catch((err: unknown) => getLogger().warn({ err }, "personal data deleted, but not all of its .eml files"));
  // Their payments' proofs (ADR 114), from the private store.
  await deleteProofFiles(proofKeys);
  // Their reviews' photos (ADR 118), from the private store.
  await deleteReviewPhotoFiles(reviewPhotoKeys);
  return counts;
}

/** Records that someone's data was exported (who did it and how much, not whose). */
export async function recordPersonalDataExport(found: PersonalData, ctx: { viewer: Viewer; ip?: string | null }) {
  await recordActivity({
    kind: "enquiry.personal-data-exported",
    actor: { id: ctx.viewer.id, email: ctx.viewer.email, name: ctx.viewer.name },
    subject: { type: "personal-data" },
    ip: ctx.ip,
    detail: {
      leads: found.leads.length,
      contactMessages: found.contactMessages.length,
      notes: found.notes.length,
      outbox: found.outbox.length + found.booked.bookingEmails.length,
      bookings: found.booked.bookings.length,
    },
  });
}
