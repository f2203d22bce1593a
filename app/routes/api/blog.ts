import { toBlogsJson } from "~/server/blog/blog-json.server";
import { blogFieldsError, fieldsAsSent, parseBlogBody, rowToBlogInput } from "~/server/blog/blog-input.server";
import { deleteBlog, updateBlog } from "~/server/blog/blog-mutations.server";
import { getBlog } from "~/server/blog/blog-queries.server";
import { badBodyResponse, readBody } from "~/server/forms/form-input.server";
import { methodNotAllowedJson, notFoundJson } from "~/server/http.server";
import { conflictJson, readBaseVersion, versionTag } from "~/server/content/versions-http.server";
import { canEditContent, canSeeDrafts } from "~/server/auth/access.server";
import { getViewer, requireUser } from "~/server/auth/guard.server";
import type { Route } from "./+types/blog";

/** GET /api/blogs/:id (numeric id or slug): drafts only for signed-in staff. The ETag is its version (ADR 037). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const row = await getBlog(params.id, { includeDrafts: canSeeDrafts(viewer) });
  if (!row) return notFoundJson("Blog");
  const [json] = await toBlogsJson([row], { withContent: true });
  return Response.json(json, { headers: { "Cache-Control": "no-cache", ETag: versionTag(row.revision) } });
}

/**
 * PUT /api/blogs/:id (id or slug): the fields sent replace the stored ones
 * (the spec's `{ title, content, headImg }` or any part of the full input);
 * 200 with the post. DELETE: 204, and GET answers 404 from then on.
 * With `If-Match: "<version>"` (or a `version` field) a write based on an
 * older version is refused with 409; without one, the last writer wins.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowedJson(["GET", "PUT", "DELETE"]);
  const viewer = await requireUser(request, { can: canEditContent });
  const ctx = { viewer, ip: context.clientIp };
  const existing = await getBlog(params.id, { includeDrafts: true });
  if (!existing) return notFoundJson("Blog");

  if (request.method === "DELETE") {
    const base = readBaseVersion(request, null);
    if (!base.ok) return base.response;
    const deleted = await deleteBlog(existing.id, ctx, { expectedVersion: base.version });
    if (!deleted) return notFoundJson("Blog");
    if (!deleted.ok) return "conflict" in deleted ? conflictJson("blog", deleted.conflict) : blogFieldsError(deleted.fields);
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  }

  const body = await readBody(request);
  if (!body) return badBodyResponse();
  const base = readBaseVersion(request, body);
  if (!base.ok) return base.response;
  const parsed = parseBlogBody(body, rowToBlogInput(existing));
  if (!parsed.ok) return blogFieldsError(parsed.fields);
  const result = await updateBlog(existing.id, parsed.input, ctx, { expectedVersion: base.version });
  if (!result) return notFoundJson("Blog");
  if (!result.ok) return "conflict" in result ? conflictJson("blog", result.conflict) : blogFieldsError(fieldsAsSent(result.fields, body));
  const [json] = await toBlogsJson([result.row], { withContent: true });
  return Response.json(json, { headers: { "Cache-Control": "no-store", ETag: versionTag(result.row.revision) } });
}
