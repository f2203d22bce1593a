import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { EnquiryFigures, NotificationHealth, RankingPanels, RecentActivity } from "~/components/admin/dashboard/dashboard-sections";
import { canManageEnquiries } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handleDashboardAction, loadDashboard } from "~/server/dashboard/dashboard-page.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  return { name: viewer.name, ...(await loadDashboard(viewer)) };
}

/** The failing deliveries' retry button (editors and admins, who follow up enquiries). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canManageEnquiries });
  return handleDashboardAction(request, viewer, context.clientIp);
}

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, enquiries, topPackages, blogs, outbox, failing, activity } = loaderData;
  return (
    <AdminPage title="Welcome to Admin Dashboard" lead={`Signed in as ${name}. Figures in Indian time.`}>
      <EnquiryFigures enquiries={enquiries} />
      <RankingPanels data={{ enquiries, topPackages, blogs }} />
      <NotificationHealth outbox={outbox} failing={failing} />
      {activity ? <RecentActivity entries={activity} /> : null}
    </AdminPage>
  );
}
