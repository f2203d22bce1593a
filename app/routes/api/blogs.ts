import { toBlogsJson } from "~/server/blog/blog-json.server";
import { listBlogs } from "~/server/blog/blog-queries.server";
import { jsonError } from "~/server/http.server";
import { canSeeDrafts, getViewer } from "~/server/user/session.server";
import type { Route } from "./+types/blogs";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const rows = await listBlogs({ includeDrafts: canSeeDrafts(viewer) });
  return Response.json(await toBlogsJson(rows, { withContent: false }), {
    headers: { "Cache-Control": "no-cache" },
  });
}

export async function action() {
  return jsonError(405, "Method not allowed");
}
