import { data } from "react-router";
import { requireUser } from "~/server/auth/guard.server";
import type { Route } from "./+types/not-found";

/** Unknown /admin/* addresses: a 404 inside the shell (sign-in first). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  throw data({ message: "There is no admin page at this address." }, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
