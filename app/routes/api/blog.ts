import { toBlogsJson } from "~/server/blog/blog-json.server";
import { getBlog } from "~/server/blog/blog-queries.server";
import { jsonError, notFoundJson } from "~/server/http.server";
import { canSeeDrafts, getViewer } from "~/server/user/session.server";
import type { Route } from "./+types/blog";

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const row = await getBlog(params.id, { includeDrafts: canSeeDrafts(viewer) });
  if (!row) return notFoundJson("Blog");
  const [json] = await toBlogsJson([row], { withContent: true });
  return Response.json(json, { headers: { "Cache-Control": "no-cache" } });
}

export async function action() {
  return jsonError(405, "Method not allowed");
}
