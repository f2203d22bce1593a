import { getDatabaseKind, isDatabaseReachable } from "~/server/db/db.server";
import { methodNotAllowedJson } from "~/server/http.server";

// Public on purpose: the health check reads nothing private; its action only answers 405.

export async function loader() {
  const reachable = await isDatabaseReachable();
  return Response.json(
    { status: reachable ? "ok" : "error", database: { reachable, kind: getDatabaseKind() } },
    { status: reachable ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}

export function action() {
  return methodNotAllowedJson(["GET", "HEAD"]);
}
