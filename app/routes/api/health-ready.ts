import { checkReadiness } from "~/server/health/readiness.server";
import { methodNotAllowedJson } from "~/server/http.server";

// Public on purpose, for load balancers: ready or not, and nothing else. Which
// check failed is logged on the server, never told to an anonymous caller.

export async function loader() {
  const { ready } = await checkReadiness();
  return Response.json({ status: ready ? "ready" : "not ready" }, { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}

export function action() {
  return methodNotAllowedJson(["GET", "HEAD"]);
}
