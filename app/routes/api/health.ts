import { isDatabaseReachable } from "~/server/db/db.server";
import { methodNotAllowedJson } from "~/server/http.server";

// Public on purpose: the health check says only whether the site can serve (for
// load balancers); what it runs on is nobody's business. Its action only answers 405.

export async function loader() {
  const reachable = await isDatabaseReachable();
  return Response.json({ status: reachable ? "ok" : "error" }, { status: reachable ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}

export function action() {
  return methodNotAllowedJson(["GET", "HEAD"]);
}
