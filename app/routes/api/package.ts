import { jsonError, notFoundJson } from "~/server/http.server";
import { toPackagesJson } from "~/server/package/package-json.server";
import { getPackage } from "~/server/package/package-queries.server";
import { canEditContent, canSeeDrafts } from "~/server/auth/access.server";
import { getViewer, requireUser } from "~/server/auth/guard.server";
import type { Route } from "./+types/package";

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const row = await getPackage(params.id, { includeDrafts: canSeeDrafts(viewer) });
  if (!row) return notFoundJson("Package");
  const [json] = await toPackagesJson([row]);
  return Response.json(json, { headers: { "Cache-Control": "no-cache" } });
}

// Writes need a signed-in editor or admin (401/403 JSON first); the write
// handlers arrive with their issues, until then the method is refused.
export async function action({ request }: Route.ActionArgs) {
  await requireUser(request, { can: canEditContent });
  return jsonError(405, "Method not allowed");
}
