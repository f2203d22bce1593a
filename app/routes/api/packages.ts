import { jsonError } from "~/server/http.server";
import { toPackagesJson } from "~/server/package/package-json.server";
import { listPackages } from "~/server/package/package-queries.server";
import { canEditContent, canSeeDrafts } from "~/server/auth/access.server";
import { getViewer, requireUser } from "~/server/auth/guard.server";
import type { Route } from "./+types/packages";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const rows = await listPackages({ includeDrafts: canSeeDrafts(viewer) });
  return Response.json(await toPackagesJson(rows), { headers: { "Cache-Control": "no-cache" } });
}

// Writes need a signed-in editor or admin (401/403 JSON first); the write
// handlers arrive with their issues, until then the method is refused.
export async function action({ request }: Route.ActionArgs) {
  await requireUser(request, { can: canEditContent });
  return jsonError(405, "Method not allowed");
}
