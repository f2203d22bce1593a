import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { HistoryPanel } from "~/components/admin/history/history-panel";
import { RestoringNotice } from "~/components/admin/history/restoring-notice";
import { ReplyTemplatesForm } from "~/components/admin/reply-templates/reply-templates-form";
import { keepFormOnFailure, skipRevalidationAfterFailure, withoutSaveFailure } from "~/lib/save-failure";
import { canEditReplyTemplates } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handleReplyTemplatesAction, loadReplyTemplatesScreen, REPLY_TEMPLATES_PATH } from "~/server/reply-templates/reply-templates-page.server";
import type { Route } from "./+types/reply-templates";

/** The WhatsApp and e-mail replies the enquiry page offers (ADR 046): admins edit them, editors use them. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditReplyTemplates });
  return { ...(await loadReplyTemplatesScreen(new URL(request.url))), path: REPLY_TEMPLATES_PATH };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canEditReplyTemplates });
  return handleReplyTemplatesAction(request, viewer, context.clientIp);
}

/** A save that cannot reach the server keeps the templates as typed, with Retry (ADR 040). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormOnFailure(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = () => adminMeta("Reply templates");

export default function ReplyTemplatesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { templates, version, history, restoring, path } = loaderData;
  return (
    <AdminPage
      title="Reply templates"
      lead="The WhatsApp and e-mail replies every enquiry page offers under Reply on WhatsApp and Reply by e-mail, filled in for the enquirer. A save is used at once."
    >
      {restoring ? <RestoringNotice restoring={restoring} path={path} /> : null}
      <ReplyTemplatesForm
        key={`${version}:${restoring?.id ?? ""}`}
        initial={templates}
        version={version}
        actionData={withoutSaveFailure(actionData)}
        startDirty={Boolean(restoring)}
      />
      <HistoryPanel history={history} editorPath={path} />
    </AdminPage>
  );
}
