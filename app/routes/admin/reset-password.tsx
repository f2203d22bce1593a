import { data, Form, Link, redirect } from "react-router";
import { NewPasswordField } from "~/components/admin/password/new-password-field";
import { PASSWORD_RULES_TEXT } from "~/lib/password-policy";
import { adminMeta } from "~/components/admin/admin-page";
import { TextField } from "~/components/ui/form-field";
import { fieldErrors } from "~/server/forms/form-input.server";
import { INVALID_LINK_MESSAGE } from "~/lib/staff-messages";
import { passwordTokenOwner, setPasswordWithToken } from "~/server/user/user-admin.server";
import { setPasswordSchema } from "~/server/user/user-schemas.server";
import styles from "~/components/admin/standalone-page.module.css";
import type { Route } from "./+types/reset-password";

// The page holds a secret in its address: never cached, never sent on as a referrer.
const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/**
 * The set-password page of reset and invitation links. Public (the link's
 * one-time token is the permission); reading it changes nothing, the POST
 * sets the password once and ends the user's sessions.
 */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  // Links sent before the token moved into the path still work: straight to the new address.
  const queryToken = new URL(request.url).searchParams.get("token");
  if (!params.token && queryToken) throw redirect(`/admin/reset-password/${encodeURIComponent(queryToken)}`, { headers: NO_STORE });
  const token = params.token ?? "";
  // The strength meter judges the password against its owner's name and e-mail, as the server's policy does (issue 49).
  const owner = await passwordTokenOwner(token);
  return data({ token, valid: owner !== null, owner: owner ?? {}, passwordRules: PASSWORD_RULES_TEXT }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = setPasswordSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ done: false as const, errors: fieldErrors(parsed.error) }, { status: 400 });
  const outcome = await setPasswordWithToken(parsed.data.token, parsed.data.password, context.clientIp);
  if (!outcome.ok) return data({ done: false as const, errors: { [outcome.field ?? "form"]: outcome.message } }, { status: 400 });
  return { done: true as const, errors: {} as Record<string, string> };
}

export const meta: Route.MetaFunction = () => adminMeta("Choose a password");

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Record<string, string> = actionData?.errors ?? {};
  let body: React.ReactNode;
  if (actionData?.done) {
    body = (
      <>
        <p role="status">Your password is set. You can sign in with it now.</p>
        <Link to="/admin" className={styles.primary}>
          Go to sign-in
        </Link>
      </>
    );
  } else if (!loaderData.valid) {
    body = (
      <>
        <p role="alert">{INVALID_LINK_MESSAGE}</p>
        <Link to="/admin">Go to sign-in</Link>
      </>
    );
  } else {
    body = (
      <Form method="post" noValidate className={styles.form}>
        {errors.form ? (
          <p className={styles.error} role="alert">
            {errors.form}
          </p>
        ) : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordField name="password" label="New password" hint={loaderData.passwordRules} owner={loaderData.owner} required error={errors.password} />
        <TextField name="confirmPassword" label="Repeat the new password" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
        <button type="submit" className={styles.primary}>
          Set password
        </button>
      </Form>
    );
  }
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.brand}>Pravas Admin</p>
        <h1 className={styles.title}>Choose a password</h1>
        {body}
      </div>
    </main>
  );
}
