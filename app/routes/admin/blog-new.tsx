import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { BlogEditor } from "~/components/admin/blogs/blog-editor";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handleBlogEditorAction } from "~/server/blog/blog-editor-action.server";
import { newBlogValues } from "~/server/blog/blog-editor.server";
import { keepFormOnFailure, sentAfterFailure, skipRevalidationAfterFailure, withoutSaveFailure } from "~/lib/save-failure";
import type { Route } from "./+types/blog-new";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditContent });
  return { values: newBlogValues(context.clock.now()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canEditContent });
  return handleBlogEditorAction(request, viewer, null, context.clientIp);
}

/** A failed save keeps the editor as typed, with a Retry (ADR 040). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormOnFailure(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = () => adminMeta("New blog");

export default function NewBlog({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage title="Create Blog" lead="A title is enough for a draft. Publish when it is ready.">
      <BlogEditor id={null} values={sentAfterFailure<typeof loaderData.values>(actionData) ?? loaderData.values} actionData={withoutSaveFailure(actionData)} />
    </AdminPage>
  );
}
