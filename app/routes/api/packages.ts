import { jsonError } from "~/server/http.server";
import { toPackagesJson } from "~/server/package/package-json.server";
import { listPackages } from "~/server/package/package-queries.server";
import { canSeeDrafts, getViewer } from "~/server/user/session.server";
import type { Route } from "./+types/packages";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const rows = await listPackages({ includeDrafts: canSeeDrafts(viewer) });
  return Response.json(await toPackagesJson(rows), { headers: { "Cache-Control": "no-cache" } });
}

// Writes arrive with the admin issue; until then the method is refused, not ignored.
export async function action() {
  return jsonError(405, "Method not allowed");
}
