import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { PackageEditor } from "~/components/admin/packages/package-editor";
import { EMPTY_PACKAGE } from "~/lib/package-editor-values";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handlePackageEditorAction, newPackageEditor } from "~/server/package/package-editor.server";
import type { Route } from "./+types/package-new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditContent });
  return newPackageEditor();
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canEditContent });
  return handlePackageEditorAction(request, viewer, null, context.clientIp);
}

export const meta: Route.MetaFunction = () => adminMeta("New package");

export default function NewPackage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage title="Create New Package" lead="A title is enough for a draft; publishing needs a few more details.">
      <PackageEditor id={null} values={EMPTY_PACKAGE} previews={{}} alts={{}} missing={loaderData.missing} savedAt={null} today={loaderData.today} actionData={actionData} />
    </AdminPage>
  );
}
