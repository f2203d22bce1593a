import { data, Form, useLocation } from "react-router";
import { ActiveSessions } from "~/components/admin/account/active-sessions";
import { TwoStepPanel } from "~/components/admin/account/two-step-panel";
import { DigestPanel } from "~/components/admin/account/digest-panel";
import { NamePanel } from "~/components/admin/account/name-panel";
import { digestEnabled, handleDigestSwitch } from "~/server/enquiry/digest.server";
import { AdminPage, adminMeta, adminUi, Panel } from "~/components/admin/admin-page";
import { NewPasswordField } from "~/components/admin/password/new-password-field";
import { TextField } from "~/components/ui/form-field";
import { useFocusFirstError } from "~/components/admin/use-focus-first-error";
import { redirectWithNotice } from "~/server/admin/notice.server";
import { requireUser } from "~/server/auth/guard.server";
import { PASSWORD_RULES_TEXT } from "~/lib/password-policy";
import { isTwoFactorRequired } from "~/server/auth/two-factor.server";
import { handleTwoStepAction } from "~/server/auth/two-factor-page.server";
import { endOtherSessions, endOwnSession, listOwnSessions } from "~/server/auth/staff-sessions.server";
import { fieldErrors } from "~/server/forms/form-input.server";
import { changeOwnPassword } from "~/server/user/account.server";
import { renameStaff } from "~/server/user/user-name.server";
import { changeOwnPasswordSchema, ownNameSchema } from "~/server/user/user-schemas.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { keepFormOnFailure, skipRevalidationAfterFailure } from "~/lib/save-failure";
import type { Route } from "./+types/account";

const PAGE = "/admin/account";

/** Every signed-in user's own account: who they are, their password, and where they are signed in. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  return {
    name: viewer.name,
    email: viewer.email,
    role: viewer.role,
    mustChangePassword: Boolean(viewer.mustChangePassword),
    mustSetName: Boolean(viewer.mustSetName),
    brand: (await getSiteSettings()).brandName,
    passwordRules: PASSWORD_RULES_TEXT,
    sessions: await listOwnSessions(viewer),
    twoFactorEnabled: Boolean(viewer.twoFactorEnabled),
    twoFactorRequired: await isTwoFactorRequired(),
    digest: await digestEnabled(viewer.id),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const twoStep = await handleTwoStepAction(request, form, viewer, context.clientIp);
  if (twoStep) return twoStep;
  const digest = await handleDigestSwitch(form, viewer, context.clientIp);
  if (digest) return digest;
  if (intent === "change-name") {
    const parsed = ownNameSchema.safeParse(Object.fromEntries(form));
    const value = String(form.get("name") ?? "").slice(0, 200);
    if (!parsed.success) return data({ nameForm: { error: fieldErrors(parsed.error).name ?? "Please enter a name.", value } }, { status: 400 });
    await renameStaff(viewer.id, parsed.data.name, { actor: viewer, ip: context.clientIp });
    return redirectWithNotice(PAGE, { kind: "success", message: `Thank you. Your name is now ${parsed.data.name}.` });
  }
  if (intent === "end-session") {
    const ended = await endOwnSession(viewer, String(form.get("sessionId") ?? ""), context.clientIp);
    return redirectWithNotice(
      PAGE,
      ended ? { kind: "success", message: "That session is signed out." } : { kind: "error", message: "That session had already ended." },
    );
  }
  if (intent === "end-other-sessions") {
    const count = await endOtherSessions(viewer, context.clientIp);
    return redirectWithNotice(PAGE, { kind: "success", message: count === 1 ? "1 other session is signed out." : `${count} other sessions are signed out.` });
  }
  const parsed = changeOwnPasswordSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  const changed = await changeOwnPassword(request, viewer, parsed.data, context.clientIp);
  if (!changed.ok) return data({ errors: { [changed.field ?? "form"]: changed.message } }, { status: 400 });
  return redirectWithNotice(PAGE, { kind: "success", message: "Your password was changed. Your other sessions were signed out." }, changed.value.headers);
}

/** A save that cannot reach the server keeps the form as typed, with Retry (ADR 040). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormOnFailure(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = () => adminMeta("Your account");

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Record<string, string> = (actionData && "errors" in actionData ? actionData.errors : undefined) ?? {};
  const formRef = useFocusFirstError(actionData && "errors" in actionData ? actionData.errors : undefined);
  // Fields start empty after every post (passwords are never sent back).
  const { key } = useLocation();
  return (
    <AdminPage title="Your account" lead={`${loaderData.name} · ${loaderData.email} · ${loaderData.role === "admin" ? "Admin" : "Editor"}`}>
      <NamePanel
        name={loaderData.name}
        brand={loaderData.brand}
        asked={loaderData.mustSetName}
        state={actionData && "nameForm" in actionData ? actionData.nameForm : undefined}
      />
      <Panel title="Change password" id="change-password">
        {loaderData.mustChangePassword ? (
          <p className={adminUi.formError}>Your password does not meet the new password rules. Choose a new one to go on.</p>
        ) : null}
        <Form ref={formRef} method="post" noValidate key={key}>
          <input type="hidden" name="intent" value="change-password" />
          {errors.form ? (
            <p className={adminUi.formError} role="alert">
              {errors.form}
            </p>
          ) : null}
          <div className={adminUi.formGrid}>
            <TextField
              name="currentPassword"
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              error={errors.currentPassword}
            />
            <NewPasswordField
              name="newPassword"
              label="New password"
              hint={loaderData.passwordRules}
              required
              error={errors.newPassword}
              owner={{ name: loaderData.name, email: loaderData.email }}
            />
            <TextField
              name="confirmPassword"
              label="Repeat the new password"
              type="password"
              autoComplete="new-password"
              required
              error={errors.confirmPassword}
            />
          </div>
          <div className={adminUi.formActions}>
            <button type="submit" className={`${adminUi.button} ${adminUi.primary}`}>
              Change password
            </button>
          </div>
        </Form>
      </Panel>
      <TwoStepPanel
        enabled={loaderData.twoFactorEnabled}
        required={loaderData.twoFactorRequired}
        state={actionData && "twoStep" in actionData ? actionData.twoStep : undefined}
      />
      <DigestPanel enabled={loaderData.digest} />
      <ActiveSessions sessions={loaderData.sessions} />
    </AdminPage>
  );
}
