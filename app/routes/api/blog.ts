import { toBlogsJson } from "~/server/blog/blog-json.server";
import { getBlog } from "~/server/blog/blog-queries.server";
import { jsonError, notFoundJson } from "~/server/http.server";
import { canEditContent, canSeeDrafts } from "~/server/auth/access.server";
import { getViewer, requireUser } from "~/server/auth/guard.server";
import type { Route } from "./+types/blog";

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const row = await getBlog(params.id, { includeDrafts: canSeeDrafts(viewer) });
  if (!row) return notFoundJson("Blog");
  const [json] = await toBlogsJson([row], { withContent: true });
  return Response.json(json, { headers: { "Cache-Control": "no-cache" } });
}

// Writes need a signed-in editor or admin (401/403 JSON first); the write
// handlers arrive with their issues, until then the method is refused.
export async function action({ request }: Route.ActionArgs) {
  await requireUser(request, { can: canEditContent });
  return jsonError(405, "Method not allowed");
}
