import { jsonError, notFoundJson } from "~/server/http.server";
import { toPackagesJson } from "~/server/package/package-json.server";
import { getPackage } from "~/server/package/package-queries.server";
import { canSeeDrafts, getViewer } from "~/server/user/session.server";
import type { Route } from "./+types/package";

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const row = await getPackage(params.id, { includeDrafts: canSeeDrafts(viewer) });
  if (!row) return notFoundJson("Package");
  const [json] = await toPackagesJson([row]);
  return Response.json(json, { headers: { "Cache-Control": "no-cache" } });
}

export async function action() {
  return jsonError(405, "Method not allowed");
}
