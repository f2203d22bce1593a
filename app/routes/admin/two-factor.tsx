import { data, Form, Link, redirect } from "react-router";
import { safeAdminRedirect } from "~/lib/safe-redirect";
import { getViewer } from "~/server/auth/guard.server";
import { finishTwoFactorSignIn } from "~/server/auth/sign-in.server";
import { verifySecondStep } from "~/server/auth/two-factor.server";
import styles from "./login.module.css";
import type { Route } from "./+types/two-factor";

// Public on purpose: the second step of a sign-in. Only a pending challenge (a
// cookie set by the right password, 10 minutes, 5 tries) can pass it (ADR 033).

const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export const meta: Route.MetaFunction = () => [{ title: "Two-step sign-in | Pravas" }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => NO_STORE;

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (await getViewer(request)) throw redirect(safeAdminRedirect(redirectTo), { headers: NO_STORE });
  return data({ redirectTo: redirectTo ? safeAdminRedirect(redirectTo) : "" }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const kind = form.get("kind") === "recovery" ? "recovery" : "app";
  const code = String(form.get("code") ?? "").slice(0, 40);
  const redirectTo = String(form.get("redirectTo") ?? "");
  if (!code.trim()) return data({ kind, error: "Enter the code.", expired: false }, { status: 400, headers: NO_STORE });
  const outcome = await verifySecondStep(request, context.clientIp, kind, code);
  if (outcome.status === "wrong-code") return data({ kind, error: outcome.message, expired: false }, { status: 401, headers: NO_STORE });
  if (outcome.status === "expired") return data({ kind, error: outcome.message, expired: true }, { status: 401, headers: NO_STORE });
  // The server cannot read this account's secret (a restore without its SESSION_SECRET): said plainly, not a 500.
  if (outcome.status === "unreadable") return data({ kind, error: outcome.message, expired: false }, { status: 409, headers: NO_STORE });
  const finished = await finishTwoFactorSignIn(request, context.clientIp, outcome.userId, outcome.headers);
  if (!finished) return data({ kind, error: "This account cannot sign in.", expired: true }, { status: 401, headers: NO_STORE });
  finished.headers.set("Cache-Control", "no-store");
  throw redirect(redirectTo ? safeAdminRedirect(redirectTo) : safeAdminRedirect(null), { headers: finished.headers });
}

/** Plain forms: a code from the app, or a recovery code. */
export default function TwoFactorStep({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error;
  const recovery = actionData?.kind === "recovery";
  const hidden = loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null;
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.brand}>
          <span className={styles.mark} aria-hidden="true">
            P
          </span>
          Pravas back office
        </p>
        <h1 className={styles.title}>Two-step sign-in</h1>
        <p className={styles.lead}>Open the authenticator app on your phone and enter the 6-digit code it shows for Pravas.</p>
        {error ? (
          <p id="two-factor-error" role="alert" className={styles.error}>
            {error} {actionData?.expired ? <Link to="/admin">Sign in again</Link> : null}
          </p>
        ) : null}
        <Form method="post" className={styles.form}>
          {hidden}
          <input type="hidden" name="kind" value="app" />
          <label className={styles.label} htmlFor="two-factor-code">
            Code from the app
          </label>
          <input
            className={styles.input}
            id="two-factor-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={9}
            required
            autoFocus={!recovery}
            aria-invalid={error && !recovery ? true : undefined}
            aria-describedby={error && !recovery ? "two-factor-error" : undefined}
          />
          <button className={styles.button} type="submit">
            Verify
          </button>
        </Form>
        <details className={styles.more} open={recovery}>
          <summary>No phone? Use a recovery code</summary>
          <Form method="post" className={styles.form}>
            {hidden}
            <input type="hidden" name="kind" value="recovery" />
            <label className={styles.label} htmlFor="recovery-code">
              Recovery code
            </label>
            <input
              className={styles.input}
              id="recovery-code"
              name="code"
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              required
              aria-invalid={error && recovery ? true : undefined}
              aria-describedby={error && recovery ? "two-factor-error" : undefined}
            />
            <p className={styles.note}>Each of your ten recovery codes works once. Lost them too? Ask an admin to reset your two-step sign-in.</p>
            <button className={styles.button} type="submit">
              Use recovery code
            </button>
          </Form>
        </details>
      </div>
    </main>
  );
}
