import { data, redirect } from "react-router";
import { safeAdminRedirect } from "~/lib/safe-redirect";
import { getViewer } from "~/server/auth/guard.server";
import { accountDelayMessage, throttleMessage } from "~/server/auth/login-throttle.server";
import { signIn } from "~/server/auth/sign-in.server";
import type { Route } from "./+types/login";
import styles from "./login.module.css";

// Public on purpose: the sign-in page itself. No requireUser; throttled and cross-site-checked (ADR 022).

export const LOGIN_FAILED = "Email/Password login failed.";
const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export const meta: Route.MetaFunction = () => [{ title: "Admin Login | Pravas" }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(NO_STORE);
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  // Signed in already: straight on (to the dashboard unless a safe redirectTo says otherwise).
  if (await getViewer(request)) throw redirect(safeAdminRedirect(redirectTo), { headers: NO_STORE });
  return data({ redirectTo: redirectTo ? safeAdminRedirect(redirectTo) : "" }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = form.get("email");
  const redirectTo = form.get("redirectTo");
  const typedEmail = typeof email === "string" ? email.slice(0, 320) : "";
  const keepSignedIn = form.get("keepSignedIn") === "on";
  const safeRedirect = typeof redirectTo === "string" && redirectTo ? safeAdminRedirect(redirectTo) : "";

  const outcome = await signIn(request, context.clientIp, {
    email,
    password: form.get("password"),
    keepSignedIn: form.get("keepSignedIn"),
    code: form.get("code"),
  });
  if (outcome.status === "two-factor") {
    const headers = new Headers(outcome.headers);
    headers.set("Cache-Control", "no-store");
    throw redirect(`/admin/two-factor${safeRedirect ? `?redirectTo=${encodeURIComponent(safeRedirect)}` : ""}`, { headers });
  }
  if (outcome.status === "signed-in") {
    const headers = new Headers(outcome.headers);
    headers.set("Cache-Control", "no-store");
    throw redirect(safeRedirect || safeAdminRedirect(null), { headers });
  }
  if (outcome.status === "two-factor-unreadable") {
    return data({ error: outcome.message, email: typedEmail, keepSignedIn, redirectTo: safeRedirect }, { status: 409, headers: NO_STORE });
  }
  if (outcome.status === "throttled") {
    // Only the account's delay stopped it: a two-step code with the password gets the owner in (ADR 086).
    const accountDelay = outcome.accountDelay === true;
    return data(
      {
        error: accountDelay ? accountDelayMessage(outcome.retryAfterSeconds) : throttleMessage(outcome.retryAfterSeconds),
        email: typedEmail,
        keepSignedIn,
        redirectTo: safeRedirect,
        askForCode: accountDelay,
      },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return data({ error: LOGIN_FAILED, email: typedEmail, keepSignedIn, redirectTo: safeRedirect }, { status: 401, headers: NO_STORE });
}

/**
 * A plain HTML form (no JavaScript needed, none used): the browser posts it to
 * /admin and follows the redirect. Inputs are uncontrolled, so typed text survives hydration.
 */
export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error;
  const redirectTo = actionData?.redirectTo ?? loaderData.redirectTo;
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.brand}>
          <span className={styles.mark} aria-hidden="true">
            P
          </span>
          Pravas back office
        </p>
        <h1 className={styles.title}>Admin Login</h1>
        <p className={styles.lead}>Sign in with your staff e-mail and password.</p>
        {error ? (
          <p id="login-error" role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
        <form method="post" action="/admin" className={styles.form} noValidate={false}>
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <label className={styles.label} htmlFor="login-email">
            Email
          </label>
          <input
            className={styles.input}
            id="login-email"
            name="email"
            type="email"
            placeholder="Admin Email"
            autoComplete="username"
            required
            maxLength={320}
            defaultValue={actionData?.email ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "login-error" : undefined}
          />
          <label className={styles.label} htmlFor="login-password">
            Password
          </label>
          <input
            className={styles.input}
            id="login-password"
            name="password"
            type="password"
            placeholder="Password"
            autoComplete="current-password"
            required
            maxLength={128}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "login-error" : undefined}
          />
          {actionData && "askForCode" in actionData && actionData.askForCode ? (
            <>
              <label className={styles.label} htmlFor="login-code">
                Code from your authenticator app
              </label>
              <input
                className={styles.input}
                id="login-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]*"
                maxLength={8}
                aria-describedby="login-error"
              />
            </>
          ) : null}
          <label className={styles.check}>
            <input type="checkbox" name="keepSignedIn" defaultChecked={actionData?.keepSignedIn ?? false} /> Keep me signed in
          </label>
          <p className={styles.hint}>
            For 30 days on this device. Leave it unticked on a shared computer: you are then signed out when the browser closes, or after 12 hours.
          </p>
          <button className={styles.button} type="submit">
            Login
          </button>
        </form>
        <p className={styles.forgot}>
          <a href="/admin/forgot-password">Forgot password?</a>
        </p>
      </div>
    </main>
  );
}
