import { data, Form, Link } from "react-router";
import { adminMeta } from "~/components/admin/admin-page";
import { TextField } from "~/components/ui/form-field";
import { requestPasswordReset } from "~/server/user/forgot-password.server";
import { FORGOT_PASSWORD_ANSWER } from "~/lib/staff-messages";
import { RATE_LIMITED_MESSAGE } from "~/server/forms/form-rate-limit.server";
import styles from "~/components/admin/standalone-page.module.css";
import type { Route } from "./+types/forgot-password";

// Public on purpose: someone who cannot sign in asks for a reset link. The answer never says whether the address is known.
const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(NO_STORE);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: Route.MetaFunction = () => adminMeta("Forgot password");

export async function loader() {
  return data(null, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = form.get("email");
  const typed = typeof email === "string" ? email.slice(0, 320) : "";
  const outcome = await requestPasswordReset({ email }, context.clientIp, context.clock.now());
  if (outcome.status === "throttled")
    return data(
      { sent: false as const, error: RATE_LIMITED_MESSAGE, email: typed },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  if (outcome.status === "invalid") return data({ sent: false as const, error: outcome.message, email: typed }, { status: 400, headers: NO_STORE });
  return data({ sent: true as const, error: "", email: typed }, { headers: NO_STORE });
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.brand}>Pravas Admin</p>
        <h1 className={styles.title}>Forgot your password?</h1>
        {actionData?.sent ? (
          <>
            <p role="status">{FORGOT_PASSWORD_ANSWER}</p>
            <Link to="/admin">Back to sign-in</Link>
          </>
        ) : (
          <Form method="post" noValidate className={styles.form}>
            <p>Enter the e-mail address you sign in with. We will e-mail you a link to choose a new password.</p>
            <TextField
              name="email"
              label="Email"
              type="email"
              autoComplete="username"
              required
              maxLength={320}
              defaultValue={actionData?.email ?? ""}
              error={actionData?.error || undefined}
            />
            <button type="submit" className={styles.primary}>
              Send me a link
            </button>
            <Link to="/admin">Back to sign-in</Link>
          </Form>
        )}
      </div>
    </main>
  );
}
