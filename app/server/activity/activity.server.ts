import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { getDb, type Db } from "~/server/db/db.server";
import { activity, type ActivityRow } from "~/server/db/schema.server";
import { getLogger } from "~/server/logger.server";

/**
 * Every kind of entry in the activity log. Later issues add their kinds here
 * (content and enquiry changes) and record them through recordActivity.
 */
export const ACTIVITY_KINDS = [
  "auth.sign-in",
  "auth.sign-in-failed",
  "auth.sign-in-failures-alert",
  "auth.sign-out",
  "user.created",
  "user.invited",
  "user.updated",
  "user.renamed",
  "user.role-changed",
  "user.deactivated",
  "user.reactivated",
  "user.password-reset-link",
  "user.password-set",
  "user.password-changed",
  "user.sessions-revoked",
  "auth.session-ended",
  "auth.two-factor-failed",
  "user.two-factor-enabled",
  "user.two-factor-disabled",
  "user.two-factor-reset",
  "user.recovery-codes-regenerated",
  "settings.two-factor-required",
  "settings.updated",
  "settings.business-updated",
  "tax-rule.added",
  "tax-rule.withdrawn",
  "backup.downloaded",
  "home.faqs-updated",
  "home.reviews-updated",
  "home.hero-updated",
  "home.cards-updated",
  "legal.updated",
  "terms.updated",
  "reply-templates.updated",
  "auth.other-sessions-ended",
  "user.deleted",
  "package.created",
  "package.updated",
  "package.published",
  "package.unpublished",
  "package.deleted",
  "package.draft-saved",
  "package.draft-discarded",
  "package.scheduled",
  "package.unscheduled",
  "package.schedule-failed",
  "package.restored",
  "blog.created",
  "blog.updated",
  "blog.published",
  "blog.unpublished",
  "blog.deleted",
  "blog.draft-saved",
  "blog.draft-discarded",
  "blog.scheduled",
  "blog.unscheduled",
  "blog.schedule-failed",
  "blog.restored",
  "media.uploaded",
  "media.deleted",
  "media.updated",
  "media.replaced",
  "enquiry.updated",
  "notification.retried",
  "enquiry.status-changed",
  "enquiry.assigned",
  "enquiry.note-added",
  "enquiry.reply-sent",
  "enquiry.personal-data-exported",
  "enquiry.personal-data-deleted",
  "enquiry.retention-deleted",
  "enquiry.follow-up-set",
  "enquiry.follow-up-cleared",
  "account.digest-changed",
  "booking.created",
  "booking.updated",
  "booking.offered",
  "booking.confirmed",
  "booking.cancelled",
  "booking.expired",
  "booking.completed",
  "booking.deleted",
  "booking.restored",
  "payment.recorded",
  "payment.refunded",
  "payment.reversed",
  "payment.link-created",
  "payment.schedule-changed",
  "payment.event-handled",
  "document.issued",
  "document.cancelled",
  "trip.link-sent",
  "trip.consent-given",
  "trip.cancellation-asked",
  "trip.task-done",
  "trip.details-revealed",
  "review.requested",
  "review.link-sent",
  "review.received",
  "review.published",
  "review.hidden",
  "review.replied",
  "trip.message-sent",
  "booking.tcs-reworked",
] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export function isActivityKind(value: unknown): value is ActivityKind {
  return typeof value === "string" && (ACTIVITY_KINDS as readonly string[]).includes(value);
}

export type ActivityEntry = {
  kind: ActivityKind;
  /** Who did it: the viewer, or for a failed sign-in just the e-mail as typed. */
  actor?: {
    id?: string | null;
    email?: string | null;
    name?: string | null;
  } | null;
  /** Which item: e.g. { type: "user", id: "…", label: "editor@…" }. */
  subject?: {
    type: string;
    id?: string | number | null;
    label?: string | null;
  } | null;
  /** Client IP as the server resolved it (load context `clientIp`). */
  ip?: string | null;
  /** Small extra facts, e.g. { from: "editor", to: "admin" }. Never passwords or tokens. */
  detail?: Record<string, unknown>;
};

/**
 * Appends one entry and returns its id. Given a transaction (`db`), it is part
 * of it and errors propagate; without one, a failure is logged (null) and never
 * breaks the caller's operation (the log must not stop a sign-in).
 */
export async function recordActivity(entry: ActivityEntry, options: { db?: Db } = {}): Promise<number | null> {
  const values = {
    kind: entry.kind,
    userId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email?.slice(0, 320) ?? null,
    actorName: entry.actor?.name?.slice(0, 200) ?? null,
    subjectType: entry.subject?.type ?? null,
    subjectId: entry.subject?.id == null ? null : String(entry.subject.id),
    subjectLabel: entry.subject?.label?.slice(0, 300) ?? null,
    ip: entry.ip || null,
    detail: entry.detail ?? {},
  };
  if (options.db) {
    const [row] = await options.db.insert(activity).values(values).returning({ id: activity.id });
    return row?.id ?? null;
  }
  try {
    const [row] = await getDb().insert(activity).values(values).returning({ id: activity.id });
    return row?.id ?? null;
  } catch (error) {
    getLogger().error({ err: error, kind: entry.kind }, "could not record activity");
    return null;
  }
}

type ActivityFilter = { userId?: string; kind?: ActivityKind };

function whereOf(filter: ActivityFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(activity.userId, filter.userId));
  if (filter.kind) conditions.push(eq(activity.kind, filter.kind));
  return conditions.length ? and(...conditions) : undefined;
}

/** Latest entries first. */
export async function listActivity(filter: ActivityFilter & { limit?: number; offset?: number } = {}): Promise<ActivityRow[]> {
  const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 50), 1), 500);
  const offset = Math.max(Math.trunc(filter.offset ?? 0), 0);
  return getDb().select().from(activity).where(whereOf(filter)).orderBy(desc(activity.at), desc(activity.id)).limit(limit).offset(offset);
}

export async function countActivity(filter: ActivityFilter = {}): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(activity).where(whereOf(filter));
  return Number(row?.n ?? 0);
}
