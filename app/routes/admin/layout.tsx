import { data, Outlet, useRouteLoaderData } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { AdminShell } from "~/components/admin/admin-shell";
import { redirectWithNotice, takeNotice } from "~/server/admin/notice.server";
import { canManageEnquiries } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { isTwoFactorRequired } from "~/server/auth/two-factor.server";
import { countNewEnquiries } from "~/server/enquiry/inbox.server";
import { countDueToday } from "~/server/enquiry/follow-up.server";
import { skipRevalidationAfterFailure } from "~/lib/save-failure";
import type { Route } from "./+types/layout";

const ACCOUNT_PATH = "/admin/account";
export const SET_UP_TWO_STEP_FIRST = "Two-step sign-in is required for every staff account. Set it up below to go on.";
export const CHANGE_PASSWORD_FIRST = "Your password does not meet the new password rules. Please choose a new one before you go on.";
export const GIVE_NAME_FIRST = "Before you start: please tell us your name. Replies to customers are signed with it.";

/** Every signed-in page of the back office; each child route guards itself too. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  // First things first, on the account page: a password set before the policy
  // (ADR 032), then two-step sign-in where an admin requires it (ADR 033).
  if (new URL(request.url).pathname.replace(/\.data$/, "") !== ACCOUNT_PATH) {
    if (viewer.mustChangePassword) throw redirectWithNotice(ACCOUNT_PATH, { kind: "error", message: CHANGE_PASSWORD_FIRST });
    // The first admin, made as "Administrator" (issue 49).
    if (viewer.mustSetName) throw redirectWithNotice(`${ACCOUNT_PATH}#your-name`, { kind: "error", message: GIVE_NAME_FIRST });
    if (!viewer.twoFactorEnabled && (await isTwoFactorRequired())) {
      throw redirectWithNotice(`${ACCOUNT_PATH}#two-step`, { kind: "error", message: SET_UP_TWO_STEP_FIRST });
    }
  }
  const { notice, headers } = takeNotice(request);
  // The sidebar's figure: New plus call backs due by the end of today (ADR 045), each enquiry once.
  const newEnquiries = canManageEnquiries(viewer) ? (await countNewEnquiries()) + (await countDueToday(context.clock.now(), { notNew: true })) : null;
  return data({ viewer: { id: viewer.id, name: viewer.name, email: viewer.email, role: viewer.role }, notice, newEnquiries }, { headers });
}

/** After a failed save nothing reloads: the form keeps what was typed (ADR 040). */
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = () => [{ title: "Admin Panel · Pravas" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell viewer={loaderData.viewer} notice={loaderData.notice} newEnquiries={loaderData.newEnquiries}>
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
