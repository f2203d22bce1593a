import { and, asc, eq, isNotNull } from "drizzle-orm";
import { enquiryKey, type EnquiryRef } from "~/lib/enquiry-id";
import { enquiryName } from "~/lib/enquiry-format";
import { formatMonth } from "~/lib/tour-format";
import { REPLY_CHANNELS, sentReplyNote, type ReplyChannel } from "~/lib/reply-templates";
import { formatDayTime } from "~/lib/admin-format";
import { STATUS_LABELS, type EnquirySource, type EnquiryStatus } from "~/lib/enquiry-status";
import { recordActivity } from "~/server/activity/activity.server";
import type { Viewer } from "~/server/auth/guard.server";
import { getDb } from "~/server/db/db.server";
import { activity, contactMessages, enquiryNotes, jobs, leads, users } from "~/server/db/schema.server";
import type { DbExecutor } from "~/server/jobs/jobs.server";
import { EMAIL_JOB } from "~/server/notify/notification-jobs.server";

/** Reading and following up one enquiry: its fields, status, assignee, notes and history. */

type EnquiryField = { label: string; value: string };

type EnquiryDetail = {
  key: string;
  source: EnquirySource;
  name: string;
  /** First name alone, for a greeting. */
  firstName: string;
  phone: string;
  email: string | null;
  packageTitle: string | null;
  packageId: number | null;
  /** The month they would like to travel ("2027-01"), when they gave one. */
  preferredMonth: string | null;
  /** How many are travelling, when the form asked (a package enquiry, a seat request). */
  travellers: number | null;
  status: EnquiryStatus;
  assignedTo: string | null;
  createdAt: Date;
  /** Everything the visitor sent, in form order. */
  fields: EnquiryField[];
};

const present = (field: EnquiryField | null): field is EnquiryField => field !== null && field.value !== "";

/** The enquiry a key names, or null when there is none. */
export async function getEnquiry(ref: EnquiryRef, db: DbExecutor = getDb()): Promise<EnquiryDetail | null> {
  const key = enquiryKey(ref);
  if (ref.kind === "lead") {
    const [row] = await db.select().from(leads).where(eq(leads.id, ref.id));
    if (!row) return null;
    return {
      key,
      source: row.source,
      name: row.name,
      firstName: row.name.split(/\s+/)[0] ?? row.name,
      phone: row.phone,
      email: row.email,
      packageTitle: row.packageTitle,
      packageId: row.packageId,
      preferredMonth: row.preferredMonth,
      travellers: row.travellers,
      status: row.status,
      assignedTo: row.assignedTo,
      createdAt: row.createdAt,
      fields: [
        { label: "Name", value: row.name },
        { label: "Phone", value: row.phone },
        row.email ? { label: "E-mail", value: row.email } : null,
        row.packageTitle ? { label: "Package", value: row.packageTitle } : null,
        row.travellers !== null ? { label: "Travellers", value: String(row.travellers) } : null,
        row.source === "package-enquiry" ? { label: "Preferred month", value: row.preferredMonth ? formatMonth(row.preferredMonth) : "Flexible" } : null,
        row.message ? { label: "Message", value: row.message } : null,
      ].filter(present),
    };
  }
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, ref.id));
  if (!row) return null;
  return {
    key,
    source: "contact",
    name: `${row.firstName} ${row.lastName}`,
    firstName: row.firstName,
    phone: row.phone,
    email: row.email,
    packageTitle: null,
    packageId: null,
    preferredMonth: null,
    travellers: null,
    status: row.status,
    assignedTo: row.assignedTo,
    createdAt: row.createdAt,
    fields: [
      { label: "First name", value: row.firstName },
      { label: "Last name", value: row.lastName },
      { label: "E-mail", value: row.email },
      { label: "Phone", value: row.phone },
      { label: "Message", value: row.message },
    ].filter(present),
  };
}

/** Notes on one enquiry, oldest first. */
export async function listNotes(ref: EnquiryRef) {
  const column = ref.kind === "lead" ? enquiryNotes.leadId : enquiryNotes.contactMessageId;
  return getDb()
    .select({ id: enquiryNotes.id, body: enquiryNotes.body, authorName: enquiryNotes.authorName, createdAt: enquiryNotes.createdAt })
    .from(enquiryNotes)
    .where(eq(column, ref.id))
    .orderBy(asc(enquiryNotes.createdAt), asc(enquiryNotes.id));
}

type HistoryEntry = { id: number; at: Date; who: string; text: string; kind: string };

function historyText(kind: string, detail: Record<string, unknown>): string {
  const label = (value: unknown) => (typeof value === "string" && value in STATUS_LABELS ? STATUS_LABELS[value as EnquiryStatus] : String(value));
  if (kind === "enquiry.status-changed") return `Status: ${label(detail.from)} → ${label(detail.to)}`;
  if (kind === "enquiry.assigned") return detail.toName ? `Assigned to ${String(detail.toName)}` : "Unassigned";
  if (kind === "enquiry.note-added") return "Added a note";
  if (kind === "enquiry.reply-sent" && isReplyChannel(detail.channel))
    return sentReplyNote(typeof detail.template === "string" ? detail.template : null, detail.channel);
  if (kind === "enquiry.follow-up-set") {
    const when = typeof detail.dueAt === "string" ? formatDayTime(detail.dueAt) : "";
    return `Call back set for ${when}${typeof detail.reason === "string" && detail.reason ? ` (${detail.reason})` : ""}`;
  }
  if (kind === "enquiry.follow-up-cleared") return "Call-back date cleared";
  return kind;
}

/** What the team did with the enquiry, from the activity log (oldest first). */
export async function enquiryHistory(ref: EnquiryRef): Promise<HistoryEntry[]> {
  const rows = await getDb()
    .select()
    .from(activity)
    .where(and(eq(activity.subjectType, "enquiry"), eq(activity.subjectId, enquiryKey(ref))))
    .orderBy(asc(activity.at), asc(activity.id))
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    who: row.actorName || row.actorEmail || "Someone",
    text: historyText(row.kind, row.detail),
    kind: row.kind,
  }));
}

/** Staff who can be assigned: active users, and whoever is assigned now. */
export async function assignableStaff(current: string | null) {
  const rows = await getDb().select({ id: users.id, name: users.name, banned: users.banned }).from(users).orderBy(asc(users.name));
  return rows.filter((row) => !row.banned || row.id === current).map(({ id, name }) => ({ id, name }));
}

export type EnquiryContext = { viewer: Viewer; ip?: string | null; /** The server's clock's time (follow-up choices). */ now?: Date };

// Activity names the enquirer ("Asha Rao's enquiry about Bali"); the id is for links only (issue 23).
export const subjectOf = (ref: EnquiryRef, enquiry: EnquiryDetail) => ({ type: "enquiry", id: enquiryKey(ref), label: enquiryName(enquiry) });
export const actorOf = (viewer: Viewer) => ({ id: viewer.id, email: viewer.email, name: viewer.name });
const tableOf = (ref: EnquiryRef) => (ref.kind === "lead" ? leads : contactMessages);

/**
 * Moves an enquiry along the pipeline, with its activity entry in the same
 * transaction. The same status again changes and records nothing.
 */
export async function changeStatus(ref: EnquiryRef, status: EnquiryStatus, ctx: EnquiryContext): Promise<"changed" | "unchanged" | "not-found"> {
  return getDb().transaction(async (tx) => {
    const current = await getEnquiry(ref, tx);
    if (!current) return "not-found";
    if (current.status === status) return "unchanged";
    const table = tableOf(ref);
    await tx.update(table).set({ status }).where(eq(table.id, ref.id));
    await recordActivity(
      {
        kind: "enquiry.status-changed",
        actor: actorOf(ctx.viewer),
        subject: subjectOf(ref, current),
        ip: ctx.ip,
        detail: { from: current.status, to: status },
      },
      { db: tx },
    );
    return "changed";
  });
}

/** Assigns to a team member (null: nobody). "unknown-user" when the id names no one. */
export async function assignEnquiry(ref: EnquiryRef, userId: string | null, ctx: EnquiryContext): Promise<"ok" | "not-found" | "unknown-user"> {
  return getDb().transaction(async (tx) => {
    const current = await getEnquiry(ref, tx);
    if (!current) return "not-found";
    let assignee: { id: string; name: string } | undefined;
    if (userId) {
      [assignee] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId));
      if (!assignee) return "unknown-user";
    }
    if (current.assignedTo === (assignee?.id ?? null)) return "ok";
    const table = tableOf(ref);
    await tx
      .update(table)
      .set({ assignedTo: assignee?.id ?? null })
      .where(eq(table.id, ref.id));
    await recordActivity(
      {
        kind: "enquiry.assigned",
        actor: actorOf(ctx.viewer),
        subject: subjectOf(ref, current),
        ip: ctx.ip,
        detail: { to: assignee?.id ?? null, toName: assignee?.name ?? null },
      },
      { db: tx },
    );
    return "ok";
  });
}

/** A note on the enquiry by the viewer, in the caller's transaction. */
async function insertNote(tx: DbExecutor, ref: EnquiryRef, viewer: Viewer, body: string) {
  const [note] = await tx
    .insert(enquiryNotes)
    .values({
      leadId: ref.kind === "lead" ? ref.id : null,
      contactMessageId: ref.kind === "contact" ? ref.id : null,
      authorId: viewer.id,
      authorName: viewer.name,
      body,
    })
    .returning({ id: enquiryNotes.id });
  return note;
}

/** Adds a note by the viewer; the activity entry says a note was added, not what it says. */
export async function addNote(ref: EnquiryRef, body: string, ctx: EnquiryContext): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const current = await getEnquiry(ref, tx);
    if (!current) return false;
    const note = await insertNote(tx, ref, ctx.viewer, body);
    await recordActivity(
      { kind: "enquiry.note-added", actor: actorOf(ctx.viewer), subject: subjectOf(ref, current), ip: ctx.ip, detail: { noteId: note?.id } },
      { db: tx },
    );
    return true;
  });
}

const isReplyChannel = (value: unknown): value is ReplyChannel => typeof value === "string" && (REPLY_CHANNELS as readonly string[]).includes(value);

/**
 * A reply sent from a template (issue 23, ADR 046): a note "Sent “Quote” on
 * WhatsApp" by the viewer, its activity entry, and with `markContacted` a New
 * enquiry becomes Contacted, all in one transaction.
 */
export async function recordReplySent(
  ref: EnquiryRef,
  reply: { template?: string; channel: ReplyChannel; markContacted: boolean },
  ctx: EnquiryContext,
): Promise<{ contacted: boolean } | null> {
  return getDb().transaction(async (tx) => {
    const current = await getEnquiry(ref, tx);
    if (!current) return null;
    const note = await insertNote(tx, ref, ctx.viewer, sentReplyNote(reply.template, reply.channel));
    const subject = subjectOf(ref, current);
    await recordActivity(
      {
        kind: "enquiry.reply-sent",
        actor: actorOf(ctx.viewer),
        subject,
        ip: ctx.ip,
        detail: { noteId: note?.id, template: reply.template || null, channel: reply.channel },
      },
      { db: tx },
    );
    const contacted = reply.markContacted && current.status === "new";
    if (contacted) {
      const table = tableOf(ref);
      await tx.update(table).set({ status: "contacted" }).where(eq(table.id, ref.id));
      await recordActivity(
        { kind: "enquiry.status-changed", actor: actorOf(ctx.viewer), subject, ip: ctx.ip, detail: { from: "new", to: "contacted" } },
        { db: tx },
      );
    }
    return { contacted };
  });
}

/**
 * When the team's e-mail about an enquiry went out: its "email" job's done
 * time (ADR 050, 082). Null while it waits, retries or has failed.
 */
export async function enquiryNotifiedAt(ref: EnquiryRef, db: DbExecutor = getDb()): Promise<Date | null> {
  const t = jobs;
  const [job] = await db
    .select({ doneAt: t.doneAt })
    .from(t)
    .where(and(eq(t.subjectType, ref.kind === "lead" ? "lead" : "contact-message"), eq(t.subjectId, ref.id), eq(t.type, EMAIL_JOB.name), isNotNull(t.doneAt)))
    .limit(1);
  return job?.doneAt ?? null;
}
