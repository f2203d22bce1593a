import { inArray } from "drizzle-orm";
import { emailIsSetUp } from "~/server/notify/mailer.server";
import { EMAIL_JOB, WEBHOOK_JOB } from "~/server/notify/notification-jobs.server";
import { z } from "zod";
import { enquiryKey } from "~/lib/enquiry-id";
import { listActivity, recordActivity } from "~/server/activity/activity.server";
import { redirectWithNotice } from "~/server/admin/notice.server";
import { BACKUP_JOB, backupJobAbout } from "~/server/backup/backup-job.server";
import { canManageEnquiries, canViewActivity } from "~/server/auth/access.server";
import type { Viewer } from "~/server/auth/guard.server";
import { getDb } from "~/server/db/db.server";
import { contactMessages, leads } from "~/server/db/schema.server";
import { listFailingJobs, retryJob } from "~/server/jobs/failing-jobs.server";
import { PORTRAIT_CUT_JOB } from "~/server/media-library/portrait-backfill.server";
import { enquiryFigures, mostReadBlogs, outboxHealth, topPackagesByEnquiries, topPackagesByViews } from "./dashboard-figures.server";

const DASHBOARD_PATH = "/admin/dashboard";

/**
 * Who each failing delivery is about ("Asha Rao (package enquiry #12)") and
 * the enquiry's key for its detail page; no key once the enquiry is deleted.
 */
async function deliverySubjects(rows: JobAbout[]) {
  const ids = (type: string) => rows.flatMap((row) => (row.subjectType === type && row.subjectId !== null ? [row.subjectId] : []));
  const leadIds = ids("lead");
  const messageIds = ids("contact-message");
  const db = getDb();
  const [leadRows, messageRows] = await Promise.all([
    leadIds.length ? db.select({ id: leads.id, name: leads.name, source: leads.source }).from(leads).where(inArray(leads.id, leadIds)) : [],
    messageIds.length
      ? db
          .select({ id: contactMessages.id, firstName: contactMessages.firstName, lastName: contactMessages.lastName })
          .from(contactMessages)
          .where(inArray(contactMessages.id, messageIds))
      : [],
  ]);
  const subjects = new Map<string, { about: string; enquiryKey: string }>();
  for (const row of leadRows) {
    subjects.set(`lead:${row.id}`, {
      about: `${row.name} (${row.source === "popup" ? "call-back request" : "package enquiry"} #${row.id})`,
      enquiryKey: enquiryKey({ kind: "lead", id: row.id }),
    });
  }
  for (const row of messageRows) {
    subjects.set(`contact-message:${row.id}`, {
      about: `${row.firstName} ${row.lastName} (contact message #${row.id})`,
      enquiryKey: enquiryKey({ kind: "contact", id: row.id }),
    });
  }
  return (row: JobAbout) => {
    const about = jobAbout(row);
    if (about) return { about, enquiryKey: null };
    if (row.subjectType === null || row.subjectId === null) return { about: jobTypeLabel(row.type), enquiryKey: null };
    return subjects.get(`${row.subjectType}:${row.subjectId}`) ?? { about: `${row.subjectType} #${row.subjectId} (deleted)`, enquiryKey: null };
  };
}

type JobAbout = { type: string; subjectType: string | null; subjectId: number | null };

/** What a job that is not about an enquiry is about, in the team's words; null for an enquiry's. */
function jobAbout({ subjectType, subjectId }: JobAbout): string | null {
  if (subjectType === null || subjectId === null) return null;
  if (subjectType === "activity") return `Account security notice (activity #${subjectId})`;
  if (subjectType === "digest") return `Daily digest e-mail (#${subjectId})`;
  if (subjectType === "media") return `Phone-sized cut of an image (media #${subjectId})`;
  return backupJobAbout(subjectType, subjectId);
}

/** A job's type as the failing list names it. */
function jobTypeLabel(type: string): string {
  if (type === EMAIL_JOB.name) return "E-mail";
  if (type === WEBHOOK_JOB.name) return "Webhook";
  if (type === BACKUP_JOB.name) return "Backup";
  if (type === PORTRAIT_CUT_JOB.name) return "Image processing";
  return type;
}

/** Everything /admin/dashboard shows, as plain data. Sections a viewer may not see are null. */
export async function loadDashboard(viewer: Viewer, now: Date = new Date()) {
  const showDeliveries = canManageEnquiries(viewer);
  const showActivity = canViewActivity(viewer);
  const [enquiries, byEnquiries, byViews, blogs, outbox, failing, activity] = await Promise.all([
    enquiryFigures(now),
    topPackagesByEnquiries({ now }),
    topPackagesByViews(),
    mostReadBlogs(),
    outboxHealth({ emailDelivered: emailIsSetUp() }),
    showDeliveries ? listFailingJobs({ limit: 20 }) : null,
    showActivity ? listActivity({ limit: 8 }) : null,
  ]);
  const subjectOf = failing ? await deliverySubjects(failing) : null;
  return {
    enquiries,
    topPackages: { byEnquiries, byViews },
    blogs,
    outbox: { ...outbox, lastSentAt: outbox.lastSentAt?.toISOString() ?? null, emailSetUp: emailIsSetUp() },
    failing:
      failing && subjectOf
        ? failing.map((row) => ({
            id: row.id,
            type: jobTypeLabel(row.type),
            ...subjectOf(row),
            status: row.status,
            attempts: row.attempts,
            lastError: row.lastError ?? "",
            lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
          }))
        : null,
    activity: activity
      ? activity.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          kind: row.kind,
          who: row.actorName || row.actorEmail || "Unknown",
          subject: row.subjectLabel ?? "",
        }))
      : null,
  };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;

const retrySchema = z.object({ intent: z.literal("retry-delivery"), id: z.coerce.number().int().positive() });

/** The retry button: the delivery becomes due now with a fresh count of tries; the worker is woken. */
export async function handleDashboardAction(request: Request, viewer: Viewer, clientIp: string) {
  const parsed = retrySchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return redirectWithNotice(DASHBOARD_PATH, { kind: "error", message: "That request was not understood." });
  const { id } = parsed.data;
  if (!(await retryJob(id))) {
    return redirectWithNotice(DASHBOARD_PATH, { kind: "error", message: `Delivery #${id} was already sent or no longer exists.` });
  }
  await recordActivity({
    kind: "notification.retried",
    actor: { id: viewer.id, email: viewer.email, name: viewer.name },
    subject: { type: "notification", id, label: `Delivery #${id}` },
    ip: clientIp,
  });
  return redirectWithNotice(DASHBOARD_PATH, { kind: "success", message: `Delivery #${id} will be tried again now.` });
}
