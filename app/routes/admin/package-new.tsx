import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { PackageEditor } from "~/components/admin/packages/package-editor";
import { EMPTY_PACKAGE } from "~/lib/package-editor-values";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handlePackageEditorAction, newPackageEditor } from "~/server/package/package-editor.server";
import { keepFormOnFailure, sentAfterFailure, skipRevalidationAfterFailure, withoutSaveFailure } from "~/lib/save-failure";
import type { Route } from "./+types/package-new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditContent });
  return newPackageEditor();
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canEditContent });
  return handlePackageEditorAction(request, viewer, null, context.clientIp);
}

/** A failed save keeps the editor as typed, with a Retry (ADR 040). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormOnFailure(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = () => adminMeta("New package");

export default function NewPackage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage title="Create New Package" lead="A title is enough for a draft; publishing needs a few more details.">
      <PackageEditor
        id={null}
        values={sentAfterFailure<typeof EMPTY_PACKAGE>(actionData) ?? EMPTY_PACKAGE}
        previews={{}}
        alts={{}}
        missing={loaderData.missing}
        siteTerms={loaderData.siteTerms}
        savedAt={null}
        today={loaderData.today}
        taxes={loaderData.taxes}
        actionData={withoutSaveFailure(actionData)}
      />
    </AdminPage>
  );
}
