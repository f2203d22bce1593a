import { data } from "react-router";
import { requireUser } from "~/server/auth/guard.server";
import type { Route } from "./+types/not-found";

/** Unknown /admin/* addresses: a 404 inside the shell (sign-in first). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  throw data({ message: "There is no admin page at this address." }, { status: 404 });
}

/**
 * Never rendered (the loader always throws to the shell's error boundary).
 * It renders JSX anyway: a client route module that imports react-router but
 * not the JSX runtime made the bundler split the two into separate chunks,
 * one more script for every public page.
 */
export default function AdminNotFound() {
  return <p>There is no admin page at this address.</p>;
}
