import { redirect } from "react-router";
import { signOut } from "~/server/auth/sign-in.server";
import type { Route } from "./+types/logout";

// Public on purpose: signing out needs no role; without a session it just returns to /admin.

/** Signing out is a POST (the shell's Logout button posts here); a GET changes nothing. */
export function loader() {
  return redirect("/admin", { headers: { "Cache-Control": "no-store" } });
}

/** Deletes the session row, clears the cookie, back to the sign-in page. */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = await signOut(request, context.clientIp);
  headers.set("Cache-Control", "no-store");
  return redirect("/admin", { headers });
}
