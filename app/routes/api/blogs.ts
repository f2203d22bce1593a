import { toBlogsJson } from "~/server/blog/blog-json.server";
import { blogFieldsError, fieldsAsSent, parseBlogBody } from "~/server/blog/blog-input.server";
import { createBlog } from "~/server/blog/blog-mutations.server";
import { listBlogs } from "~/server/blog/blog-queries.server";
import { badBodyResponse, readBody } from "~/server/forms/form-input.server";
import { methodNotAllowedJson } from "~/server/http.server";
import { canEditContent, canSeeDrafts } from "~/server/auth/access.server";
import { getViewer, requireUser } from "~/server/auth/guard.server";
import type { Route } from "./+types/blogs";

/** GET /api/blogs: published posts; signed-in staff also see drafts. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const rows = await listBlogs({ includeDrafts: canSeeDrafts(viewer) });
  return Response.json(await toBlogsJson(rows, { withContent: false }), {
    headers: { "Cache-Control": "no-cache" },
  });
}

/**
 * POST /api/blogs: the spec's `{ title, content, headImg }` or the full input;
 * 201 with the created post. Without a `status` it is published, as the
 * spec's posts were (ADR 027). 400 with field errors; 401/403 from the guard.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedJson(["GET", "POST"]);
  const viewer = await requireUser(request, { can: canEditContent });
  const body = await readBody(request);
  if (!body) return badBodyResponse();
  const parsed = parseBlogBody(body);
  if (!parsed.ok) return blogFieldsError(parsed.fields);
  const result = await createBlog(parsed.input, { viewer, ip: context.clientIp });
  if (!result.ok) return blogFieldsError(fieldsAsSent(result.fields, body));
  const [json] = await toBlogsJson([result.row], { withContent: true });
  return Response.json(json, {
    status: 201,
    headers: { "Cache-Control": "no-store", Location: `/api/blogs/${result.row.id}` },
  });
}
