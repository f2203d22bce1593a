import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { ActivityFilters, ActivityPager, ActivityTable } from "~/components/admin/activity/activity-view";
import { loadActivityPage } from "~/server/activity/activity-page.server";
import { canViewActivity } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import type { Route } from "./+types/activity";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canViewActivity });
  return loadActivityPage(new URL(request.url));
}

export const meta: Route.MetaFunction = () => adminMeta("Activity");

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const { filter, users, kinds, page, pages, total, entries } = loaderData;
  return (
    <AdminPage title="Activity" lead="Sign-ins and changes in the back office, latest first.">
      <ActivityFilters filter={filter} users={users} kinds={kinds} />
      <ActivityTable entries={entries} total={total} />
      <ActivityPager filter={filter} page={page} pages={pages} />
    </AdminPage>
  );
}
