// TEMPORARY (adminui branch): replaced by the auth branch's logout at merge.
import { redirect } from "react-router";
import { signOut } from "~/server/auth/sign-in.server";
import type { Route } from "./+types/temp-logout";

export async function action({ request, context }: Route.ActionArgs) {
  throw redirect("/admin", { headers: await signOut(request, context.clientIp) });
}
