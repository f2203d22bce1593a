import { data, Form, useLocation } from "react-router";
import { AdminPage, adminMeta, adminUi, Panel } from "~/components/admin/admin-page";
import { TextField } from "~/components/ui/form-field";
import { useFocusFirstError } from "~/components/admin/use-focus-first-error";
import { redirectWithNotice } from "~/server/admin/notice.server";
import { requireUser } from "~/server/auth/guard.server";
import { fieldErrors } from "~/server/forms/form-input.server";
import { changeOwnPassword } from "~/server/user/account.server";
import { changeOwnPasswordSchema } from "~/server/user/user-schemas.server";
import type { Route } from "./+types/account";

/** Every signed-in user's own account: who they are, and changing their password. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  return { name: viewer.name, email: viewer.email, role: viewer.role };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const form = await request.formData();
  const parsed = changeOwnPasswordSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  const changed = await changeOwnPassword(request, viewer, parsed.data, context.clientIp);
  if (!changed.ok) return data({ errors: { [changed.field ?? "form"]: changed.message } }, { status: 400 });
  return redirectWithNotice(
    "/admin/account",
    { kind: "success", message: "Your password was changed. Your other sessions were signed out." },
    changed.value.headers,
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Your account");

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Record<string, string> = actionData?.errors ?? {};
  const formRef = useFocusFirstError(actionData?.errors);
  // Fields start empty after every post (passwords are never sent back).
  const { key } = useLocation();
  return (
    <AdminPage title="Your account" lead={`${loaderData.name} · ${loaderData.email} · ${loaderData.role === "admin" ? "Admin" : "Editor"}`}>
      <Panel title="Change password" id="change-password">
        <Form ref={formRef} method="post" noValidate key={key}>
          {errors.form ? (
            <p className={adminUi.formError} role="alert">
              {errors.form}
            </p>
          ) : null}
          <div className={adminUi.formGrid}>
            <TextField name="currentPassword" label="Current password" type="password" autoComplete="current-password" required error={errors.currentPassword} />
            <TextField name="newPassword" label="New password (at least 10 characters)" type="password" autoComplete="new-password" required minLength={10} maxLength={128} error={errors.newPassword} />
            <TextField name="confirmPassword" label="Repeat the new password" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
          </div>
          <div className={adminUi.formActions}>
            <button type="submit" className={`${adminUi.button} ${adminUi.primary}`}>
              Change password
            </button>
          </div>
        </Form>
      </Panel>
    </AdminPage>
  );
}
