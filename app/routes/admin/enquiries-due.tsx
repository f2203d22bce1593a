import { AdminPage, adminMeta, Panel } from "~/components/admin/admin-page";
import { BUCKET_TITLES, DueList, InboxViews } from "~/components/admin/enquiries/follow-ups";
import { canManageEnquiries } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { dueView } from "~/server/enquiry/follow-up.server";
import type { Route } from "./+types/enquiries-due";

/** The inbox's Due view (issue 23, ADR 045): call backs overdue, today and upcoming, by the server's clock. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageEnquiries });
  const now = context.clock.now();
  return { due: await dueView(now), now: now.toISOString() };
}

export const meta: Route.MetaFunction = () => adminMeta("Due call backs");

const EMPTY = { overdue: "Nothing overdue.", today: "Nothing due today.", upcoming: "No call backs planned after today." } as const;

export default function DueCallBacks({ loaderData }: Route.ComponentProps) {
  const { due, now } = loaderData;
  return (
    <AdminPage title="Due call backs" lead="Whom to call back, earliest first. Times in Indian time.">
      <InboxViews current="due" due={due.overdue.length + due.today.length} />
      {(["overdue", "today", "upcoming"] as const).map((bucket) => (
        <Panel key={bucket} title={`${BUCKET_TITLES[bucket]} (${due[bucket].length})`} id={`due-${bucket}`}>
          <DueList items={due[bucket]} now={now} empty={EMPTY[bucket]} />
        </Panel>
      ))}
    </AdminPage>
  );
}
