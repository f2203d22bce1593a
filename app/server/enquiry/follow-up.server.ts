import { and, asc, count, eq, gte, inArray, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { enquiryKey, type EnquiryRef } from "~/lib/enquiry-id";
import type { EnquirySource, EnquiryStatus } from "~/lib/enquiry-status";
import { indianMidnight, type DueBucket } from "~/lib/follow-up";
import { recordActivity } from "~/server/activity/activity.server";
import { getDb } from "~/server/db/db.server";
import { contactMessages, enquiryFollowUps as followUps, leads, users } from "~/server/db/schema.server";
import type { DbExecutor } from "~/server/jobs/jobs.server";
import { actorOf, getEnquiry, subjectOf, type EnquiryContext } from "./enquiry-detail.server";

/**
 * "Call back on …" dates (issue 23, ADR 045): one per enquiry, set and cleared
 * with an entry in the enquiry's history, listed as the inbox's Due view.
 */

type FollowUp = { dueAt: Date; reason: string | null; setByName: string; setAt: Date };

export async function getFollowUp(ref: EnquiryRef, db: DbExecutor = getDb()): Promise<FollowUp | null> {
  const [row] = await db
    .select({ dueAt: followUps.dueAt, reason: followUps.reason, setByName: followUps.setByName, setAt: followUps.setAt })
    .from(followUps)
    .where(eq(followUps.enquiryKey, enquiryKey(ref)));
  return row ?? null;
}

/** Sets (or moves) the enquiry's call-back date; the history names the enquirer. */
export async function setFollowUp(ref: EnquiryRef, input: { dueAt: Date; reason?: string | null }, ctx: EnquiryContext): Promise<"ok" | "not-found"> {
  const reason = input.reason?.trim() || null;
  return getDb().transaction(async (tx) => {
    const current = await getEnquiry(ref, tx);
    if (!current) return "not-found";
    const values = { dueAt: input.dueAt, reason, setBy: ctx.viewer.id, setByName: ctx.viewer.name || ctx.viewer.email, setAt: new Date() };
    await tx
      .insert(followUps)
      .values({
        enquiryKey: enquiryKey(ref),
        leadId: ref.kind === "lead" ? ref.id : null,
        contactMessageId: ref.kind === "contact" ? ref.id : null,
        ...values,
      })
      .onConflictDoUpdate({ target: followUps.enquiryKey, set: values });
    await recordActivity(
      {
        kind: "enquiry.follow-up-set",
        actor: actorOf(ctx.viewer),
        subject: subjectOf(ref, current),
        ip: ctx.ip,
        detail: { dueAt: input.dueAt.toISOString(), reason },
      },
      { db: tx },
    );
    return "ok";
  });
}

/** Clears it; "none" when there was nothing to clear (and nothing is recorded). */
export async function clearFollowUp(ref: EnquiryRef, ctx: EnquiryContext): Promise<"cleared" | "none" | "not-found"> {
  return getDb().transaction(async (tx) => {
    const current = await getEnquiry(ref, tx);
    if (!current) return "not-found";
    const removed = await tx
      .delete(followUps)
      .where(eq(followUps.enquiryKey, enquiryKey(ref)))
      .returning({ dueAt: followUps.dueAt });
    if (removed.length === 0) return "none";
    await recordActivity(
      {
        kind: "enquiry.follow-up-cleared",
        actor: actorOf(ctx.viewer),
        subject: subjectOf(ref, current),
        ip: ctx.ip,
        detail: { dueAt: removed[0]!.dueAt.toISOString() },
      },
      { db: tx },
    );
    return "cleared";
  });
}

// The enquiry behind a follow-up, by its own foreign key (index lookups, not the inbox view's union).
const status = sql<EnquiryStatus>`coalesce(${leads.status}, ${contactMessages.status})`;
const assignedTo = sql<string | null>`coalesce(${leads.assignedTo}, ${contactMessages.assignedTo})`;
/** Closed and spam enquiries need no call back: their dates are kept but not due. */
const open = notInArray(status, ["closed", "spam"]);

export type DueRow = {
  key: string;
  name: string;
  source: EnquirySource;
  packageTitle: string | null;
  phone: string;
  status: EnquiryStatus;
  assignedTo: string | null;
  assigneeName: string | null;
  dueAt: Date;
  reason: string | null;
};

function dueQuery(db: DbExecutor, where: SQL | undefined) {
  return db
    .select({
      key: followUps.enquiryKey,
      name: sql<string>`coalesce(${leads.name}, ${contactMessages.firstName} || ' ' || ${contactMessages.lastName})`,
      source: sql<EnquirySource>`coalesce(${leads.source}, 'contact')`,
      packageTitle: leads.packageTitle,
      phone: sql<string>`coalesce(${leads.phone}, ${contactMessages.phone})`,
      status,
      assignedTo,
      assigneeName: users.name,
      dueAt: followUps.dueAt,
      reason: followUps.reason,
      setBy: followUps.setBy,
    })
    .from(followUps)
    .leftJoin(leads, eq(leads.id, followUps.leadId))
    .leftJoin(contactMessages, eq(contactMessages.id, followUps.contactMessageId))
    .leftJoin(users, eq(users.id, assignedTo))
    .where(and(open, where))
    .orderBy(asc(followUps.dueAt), asc(followUps.enquiryKey));
}

/** How many of each bucket the Due view shows at most. */
const DUE_LIST_LIMIT = 200;

/**
 * The Due view at `now`: overdue (the time has passed), today (later this
 * Indian day) and upcoming, earliest first.
 */
export async function listDue(now: Date, options: { limit?: number; upcoming?: boolean } = {}): Promise<Record<DueBucket, DueRow[]>> {
  const db = getDb();
  const limit = options.limit ?? DUE_LIST_LIMIT;
  const tomorrow = indianMidnight(now, 1);
  const [overdue, today, upcoming] = await Promise.all([
    dueQuery(db, lt(followUps.dueAt, new Date(now.getTime() + 1))).limit(limit),
    dueQuery(db, and(gte(followUps.dueAt, new Date(now.getTime() + 1)), lt(followUps.dueAt, tomorrow))).limit(limit),
    options.upcoming === false ? Promise.resolve([]) : dueQuery(db, gte(followUps.dueAt, tomorrow)).limit(limit),
  ]);
  const strip = (rows: (DueRow & { setBy: string | null })[]) => rows.map(({ setBy: _setBy, ...row }) => row);
  return { overdue: strip(overdue), today: strip(today), upcoming: strip(upcoming) };
}

/** Open enquiries whose call back is due by the end of today (Indian time), overdue included. */
export async function countDueToday(now: Date, options: { notNew?: boolean } = {}): Promise<number> {
  const [row] = await getDb()
    .select({ n: count().mapWith(Number) })
    .from(followUps)
    .leftJoin(leads, eq(leads.id, followUps.leadId))
    .leftJoin(contactMessages, eq(contactMessages.id, followUps.contactMessageId))
    .where(and(open, lt(followUps.dueAt, indianMidnight(now, 1)), options.notNew ? sql`${status} <> 'new'` : undefined));
  return row?.n ?? 0;
}

/**
 * One team member's digest at `now`: follow-ups due by the end of the Indian
 * day (overdue first) on enquiries assigned to them, or unassigned ones they
 * set; and the New enquiries assigned to them.
 */
export async function digestItems(userId: string, now: Date, db: DbExecutor = getDb()) {
  const mine = or(eq(assignedTo, userId), and(sql`${assignedTo} is null`, eq(followUps.setBy, userId)));
  const due = await dueQuery(db, and(lt(followUps.dueAt, indianMidnight(now, 1)), mine)).limit(DUE_LIST_LIMIT);
  const [newLeads, newMessages] = await Promise.all([
    db
      .select({ id: leads.id, name: leads.name, source: leads.source, packageTitle: leads.packageTitle, phone: leads.phone, createdAt: leads.createdAt })
      .from(leads)
      .where(and(eq(leads.status, "new"), eq(leads.assignedTo, userId)))
      .orderBy(asc(leads.createdAt))
      .limit(DUE_LIST_LIMIT),
    db
      .select({
        id: contactMessages.id,
        firstName: contactMessages.firstName,
        lastName: contactMessages.lastName,
        phone: contactMessages.phone,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(and(eq(contactMessages.status, "new"), eq(contactMessages.assignedTo, userId)))
      .orderBy(asc(contactMessages.createdAt))
      .limit(DUE_LIST_LIMIT),
  ]);
  // A New enquiry with a call back due is listed once, under its call back.
  const dueKeys = new Set(due.map((row) => row.key));
  const fresh = [
    ...newLeads.map((row) => ({
      key: `lead-${row.id}`,
      name: row.name,
      source: row.source as EnquirySource,
      packageTitle: row.packageTitle,
      phone: row.phone,
      createdAt: row.createdAt,
    })),
    ...newMessages.map((row) => ({
      key: `contact-${row.id}`,
      name: `${row.firstName} ${row.lastName}`,
      source: "contact" as const,
      packageTitle: null,
      phone: row.phone,
      createdAt: row.createdAt,
    })),
  ]
    .filter((row) => !dueKeys.has(row.key))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return { due, fresh };
}

/** Whose keys have a follow-up (the inbox list's "Call back" hint), by key. */
export async function followUpsFor(keys: string[]): Promise<Map<string, Date>> {
  if (keys.length === 0) return new Map();
  const rows = await getDb().select({ key: followUps.enquiryKey, dueAt: followUps.dueAt }).from(followUps).where(inArray(followUps.enquiryKey, keys));
  return new Map(rows.map((row) => [row.key, row.dueAt]));
}

/** The Due view as a loader returns it (dates as ISO strings). */
export async function dueView(now: Date, options: { limit?: number; upcoming?: boolean } = {}) {
  const due = await listDue(now, options);
  const view = (rows: DueRow[]) => rows.map(({ assignedTo: _assignedTo, ...row }) => ({ ...row, dueAt: row.dueAt.toISOString() }));
  return { overdue: view(due.overdue), today: view(due.today), upcoming: view(due.upcoming) };
}
