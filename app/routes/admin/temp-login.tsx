// TEMPORARY (adminui branch): a bare sign-in page so the shell can be tested
// before the auth branch's /admin page lands; deleted at that merge.
import { data, Form, redirect } from "react-router";
import { safeAdminRedirect } from "~/lib/safe-redirect";
import { getViewer } from "~/server/auth/guard.server";
import { signIn } from "~/server/auth/sign-in.server";
import type { Route } from "./+types/temp-login";

export async function loader({ request }: Route.LoaderArgs) {
  if (await getViewer(request)) throw redirect("/admin/dashboard");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await signIn(request, context.clientIp, { email: form.get("email"), password: form.get("password") });
  if (outcome.status === "signed-in") {
    throw redirect(safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo")), { headers: outcome.headers });
  }
  return data({ error: "Email/Password login failed.", email: String(form.get("email") ?? "") }, { status: 401 });
}

export default function TempLogin({ actionData }: Route.ComponentProps) {
  return (
    <main>
      <h1>Admin Login</h1>
      {actionData ? <p role="alert">{actionData.error}</p> : null}
      <Form method="post">
        <label>
          E-mail <input type="email" name="email" placeholder="Admin Email" defaultValue={actionData?.email} />
        </label>
        <label>
          Password <input type="password" name="password" />
        </label>
        <button type="submit">Login</button>
      </Form>
    </main>
  );
}
