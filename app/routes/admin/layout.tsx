import { data, Outlet, useRouteLoaderData } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { AdminShell } from "~/components/admin/admin-shell";
import { takeNotice } from "~/server/admin/notice.server";
import { canManageEnquiries } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { countNewEnquiries } from "~/server/enquiry/inbox.server";
import { countDueToday } from "~/server/enquiry/follow-up.server";
import { skipRevalidationAfterFailure } from "~/lib/save-failure";
import { failingDeliveries } from "~/server/jobs/failing-jobs.server";
import { mailFailureMessage } from "~/lib/mail-failure";
import type { Route } from "./+types/layout";

/**
 * Every signed-in page of the back office; each child route guards itself too.
 * The guard sends someone with a password to change or two-step sign-in to
 * set up to the account page first (ADR 032, 033, 087).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const { notice, headers } = takeNotice(request);
  // The sidebar's figure: New plus call backs due by the end of today (ADR 045), each enquiry once.
  const newEnquiries = canManageEnquiries(viewer) ? (await countNewEnquiries()) + (await countDueToday(context.clock.now(), { notNew: true })) : null;
  // E-mails to the team failing: a mark in the sidebar, and the dashboard's banner says since when and why (issue 49).
  const failure = await failingDeliveries("email");
  const mailFailure = failure ? mailFailureMessage(failure, context.clock.now()) : null;
  return data({ viewer: { id: viewer.id, name: viewer.name, email: viewer.email, role: viewer.role }, notice, newEnquiries, mailFailure }, { headers });
}

/** After a failed save nothing reloads: the form keeps what was typed (ADR 040). */
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = () => [{ title: "Admin Panel · Pravas" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell viewer={loaderData.viewer} notice={loaderData.notice} newEnquiries={loaderData.newEnquiries} mailFailure={loaderData.mailFailure}>
      <Outlet />
    </AdminShell>
  );
}

/** The admin's one error boundary: errors of any admin page show inside the shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  return (
    <AdminShell viewer={layout?.viewer ?? null} newEnquiries={layout?.newEnquiries ?? null}>
      <AdminErrorPage error={error} />
    </AdminShell>
  );
}
