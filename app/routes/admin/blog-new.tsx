import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { BlogEditor } from "~/components/admin/blogs/blog-editor";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handleBlogEditorAction } from "~/server/blog/blog-editor-action.server";
import { newBlogValues } from "~/server/blog/blog-editor.server";
import type { Route } from "./+types/blog-new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditContent });
  return { values: newBlogValues() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canEditContent });
  return handleBlogEditorAction(request, viewer, null, context.clientIp);
}

export const meta: Route.MetaFunction = () => adminMeta("New blog");

export default function NewBlog({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage title="Create Blog" lead="A title is enough for a draft. Publish when it is ready.">
      <BlogEditor id={null} values={loaderData.values} actionData={actionData} />
    </AdminPage>
  );
}
