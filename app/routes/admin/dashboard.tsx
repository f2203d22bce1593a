import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { EnquiryFigures, NotificationHealth, RankingPanels, RecentActivity } from "~/components/admin/dashboard/dashboard-sections";
import { canManageBackups, canManageBookings, canManageEnquiries } from "~/server/auth/access.server";
import { getDb } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { moneyFigures } from "~/server/payment-ledger/money-overview.server";
import { MoneyDue } from "~/components/admin/dashboard/money-due";
import { backupStatus } from "~/server/backup/backup-job.server";
import { getBackupStore } from "~/server/backup/backup-store.server";
import { BackupsPanel } from "~/components/admin/dashboard/backups-panel";
import { requireUser } from "~/server/auth/guard.server";
import { handleDashboardAction, loadDashboard } from "~/server/dashboard/dashboard-page.server";
import { dueView } from "~/server/enquiry/follow-up.server";
import { DueToday } from "~/components/admin/dashboard/due-today";
import { UpcomingDepartures } from "~/components/admin/seats/upcoming-departures";
import { listUpcomingDepartures } from "~/server/seats/upcoming-departures.server";
import { todayIso } from "~/lib/tour-format";
import { MailFailureBanner } from "~/components/admin/dashboard/mail-failure-banner";
import { useRouteLoaderData } from "react-router";
import type { loader as layoutLoader } from "./layout";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const now = context.clock.now();
  // First on the dashboard: whom to call back today (ADR 045), for those who follow up enquiries.
  const due = canManageEnquiries(viewer) ? await dueView(now, { limit: DUE_ON_DASHBOARD + 1 }) : null;
  // Admins: the last backup, and a warning when none has succeeded for 48 hours (ADR 054).
  const backups = canManageBackups(viewer) ? { ...(await backupStatus(getBackupStore(), now)), encrypted: Boolean(getEnv().BACKUP_ENCRYPTION_KEY) } : null;
  // Departures in the next 60 days with their fill (issue 26 §4), for those who confirm seats.
  const departures = canManageEnquiries(viewer) ? await listUpcomingDepartures(todayIso(now), { withinDays: 60 }) : null;
  // What falls due this week and what is overdue (issue 46), for those who follow up bookings.
  const money = canManageBookings(viewer) ? await moneyFigures(getDb(), now) : null;
  return { name: viewer.name, due, now: now.toISOString(), backups, departures, money, ...(await loadDashboard(viewer, now)) };
}

/** The failing deliveries' retry button (editors and admins, who follow up enquiries). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canManageEnquiries });
  return handleDashboardAction(request, viewer, context.clientIp);
}

const DUE_ON_DASHBOARD = 8;

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, due, now, enquiries, topPackages, blogs, outbox, failing, activity, backups, departures, money } = loaderData;
  const mailFailure = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout")?.mailFailure ?? null;
  return (
    <AdminPage title="Welcome to Admin Dashboard" lead={`Signed in as ${name}. Figures in Indian time.`}>
      {mailFailure ? <MailFailureBanner message={mailFailure} /> : null}
      {due ? <DueToday due={due} now={now} max={DUE_ON_DASHBOARD} /> : null}
      {money ? <MoneyDue money={money} /> : null}
      {departures ? <UpcomingDepartures departures={departures} /> : null}
      <EnquiryFigures enquiries={enquiries} />
      <RankingPanels data={{ enquiries, topPackages, blogs }} />
      {backups ? <BackupsPanel backups={backups} /> : null}
      <NotificationHealth outbox={outbox} failing={failing} />
      {activity ? <RecentActivity entries={activity} /> : null}
    </AdminPage>
  );
}
