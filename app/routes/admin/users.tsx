import { AdminPage, adminMeta, adminUi, Panel } from "~/components/admin/admin-page";
import { AddUserForm } from "~/components/admin/users/add-user-form";
import { TwoStepRequirement } from "~/components/admin/users/two-step-requirement";
import { PASSWORD_RULES_TEXT } from "~/lib/password-policy";
import { isTwoFactorRequired } from "~/server/auth/two-factor.server";
import { PasswordLinkPanel } from "~/components/admin/users/password-link-panel";
import { UserTable } from "~/components/admin/users/user-table";
import { canManageUsers } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { isStaffMailConfigured } from "~/server/user/staff-mail.server";
import { listStaff } from "~/server/user/user-admin.server";
import { handleUsersAction } from "~/server/user/users-page.server";
import { keepFormOnFailure, skipRevalidationAfterFailure } from "~/lib/save-failure";
import type { Route } from "./+types/users";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request, { can: canManageUsers });
  return {
    users: await listStaff(),
    viewerId: viewer.id,
    mailEnabled: isStaffMailConfigured(),
    passwordRules: PASSWORD_RULES_TEXT,
    twoFactorRequired: await isTwoFactorRequired(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canManageUsers });
  return handleUsersAction(request, viewer, context.clientIp);
}

/** A save that cannot reach the server keeps the form as typed, with Retry (ADR 040). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormOnFailure(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = () => adminMeta("Users");

export default function UsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { users, viewerId, mailEnabled, passwordRules, twoFactorRequired } = loaderData;
  return (
    <AdminPage title="Users" lead="Who can sign in to the back office, and what they may do.">
      {actionData && "link" in actionData ? <PasswordLinkPanel link={actionData.link} /> : null}
      <div className={adminUi.section}>
        <UserTable users={users} viewerId={viewerId} mailEnabled={mailEnabled} />
      </div>
      <TwoStepRequirement required={twoFactorRequired} withoutIt={users.filter((user) => user.active && !user.twoFactor).length} />
      <Panel title="Add user" id="add-user">
        <AddUserForm state={actionData && "add" in actionData ? actionData.add : undefined} mailEnabled={mailEnabled} passwordRules={passwordRules} />
      </Panel>
    </AdminPage>
  );
}
