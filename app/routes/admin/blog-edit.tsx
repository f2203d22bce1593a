import { data } from "react-router";
import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { BlogEditor } from "~/components/admin/blogs/blog-editor";
import { formatDate } from "~/lib/admin-format";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handleBlogEditorAction } from "~/server/blog/blog-editor-action.server";
import { getBlogForEditor } from "~/server/blog/blog-editor.server";
import { parseId } from "~/server/http.server";
import { keepFormOnFailure, sentAfterFailure, skipRevalidationAfterFailure, withoutSaveFailure } from "~/lib/save-failure";
import type { Route } from "./+types/blog-edit";

function blogId(params: Route.LoaderArgs["params"]): number {
  const id = parseId(params.id);
  if (!id) throw data(null, { status: 404 });
  return id;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request, { can: canEditContent });
  const editor = await getBlogForEditor(blogId(params), viewer, new URL(request.url));
  if (!editor) throw data(null, { status: 404 });
  return editor;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canEditContent });
  return handleBlogEditorAction(request, viewer, blogId(params), context.clientIp);
}

/** A failed save keeps the editor as typed, with a Retry (ADR 040). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormOnFailure(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = ({ data: loaded }) => adminMeta(loaded ? `Edit ${loaded.values.title}` : "Blog not found");

export default function EditBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { id, status, views, createdAt, updatedAt, values, headImagePreview, version, draft, schedule, editors, history, restoring } = loaderData;
  const revisions = { version, draft, schedule, editors, history, restoring };
  const state = status === "published" ? "Published: live on the website" : "Draft: only staff can see it";
  return (
    <AdminPage title={values.title} lead={`${state}. Created ${formatDate(createdAt)}, ${views.toLocaleString("en-IN")} ${views === 1 ? "view" : "views"}.`}>
      {/* A failed save keeps the editor (4xx does not reload); a new version or another post starts again. */}
      <BlogEditor
        key={`${id}:${version}:${restoring?.id ?? ""}`}
        id={id}
        values={sentAfterFailure<typeof values>(actionData) ?? values}
        headPreview={headImagePreview ?? undefined}
        actionData={withoutSaveFailure(actionData)}
        stored={{ state: revisions, live: status === "published" }}
        storedAt={updatedAt}
      />
    </AdminPage>
  );
}
