import { data } from "react-router";
import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { HistoryPanel } from "~/components/admin/history/history-panel";
import { RestoringNotice } from "~/components/admin/history/restoring-notice";
import { LegalEditor } from "~/components/admin/legal/legal-editor";
import type { LegalEditorValues } from "~/lib/legal-page-schema";
import { keepFormOnFailure, sentAfterFailure, skipRevalidationAfterFailure, withoutSaveFailure } from "~/lib/save-failure";
import { canEditLegalPages } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handleLegalEditorAction, loadLegalEditor } from "~/server/legal/legal-editor.server";
import type { Route } from "./+types/legal-edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditLegalPages });
  const editor = await loadLegalEditor(params.slug, new URL(request.url));
  if (!editor) throw data(null, { status: 404 });
  return editor;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canEditLegalPages });
  return handleLegalEditorAction(request, viewer, params.slug, context.clientIp);
}

/** A save that cannot reach the server keeps the page as typed, with Retry (ADR 040). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormOnFailure(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = ({ data: loaded }) => adminMeta(loaded ? `Edit ${loaded.title}` : "Page not found");

export default function EditLegalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { slug, title, values, version, storedLastUpdated, history, restoring } = loaderData;
  return (
    <AdminPage title={title} lead={`Last updated: ${storedLastUpdated}.`}>
      {restoring ? <RestoringNotice restoring={restoring} path={`/admin/site/legal/${slug}`} /> : null}
      <LegalEditor
        key={`${slug}:${version}:${restoring?.id ?? ""}`}
        slug={slug}
        values={sentAfterFailure<LegalEditorValues>(actionData) ?? values}
        version={version}
        storedLastUpdated={storedLastUpdated}
        actionData={withoutSaveFailure(actionData)}
      />
      <HistoryPanel history={history} editorPath={`/admin/site/legal/${slug}`} />
    </AdminPage>
  );
}
