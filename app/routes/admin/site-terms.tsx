import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { HistoryPanel } from "~/components/admin/history/history-panel";
import { RestoringNotice } from "~/components/admin/history/restoring-notice";
import { SiteTermsForm } from "~/components/admin/terms/site-terms-form";
import { keepFormOnFailure, skipRevalidationAfterFailure, withoutSaveFailure } from "~/lib/save-failure";
import { canEditSiteTerms } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handleSiteTermsAction, loadSiteTermsScreen } from "~/server/package/site-terms-page.server";
import type { Route } from "./+types/site-terms";

/** Every package's terms clauses, the side card's convenience list and the refund rule (ADR 044): admins. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditSiteTerms });
  return loadSiteTermsScreen(new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canEditSiteTerms });
  return handleSiteTermsAction(request, viewer, context.clientIp);
}

/** A save that cannot reach the server keeps the terms as typed, with Retry (ADR 040). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormOnFailure(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = () => adminMeta("Package terms");

export default function SiteTermsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { terms, version, history, restoring } = loaderData;
  return (
    <AdminPage
      title="Package terms"
      lead="The Terms tab and the booking list of every package page, and the refund rule. A package can use its own terms instead (its editor's Terms section). A save is live at once."
    >
      {restoring ? <RestoringNotice restoring={restoring} path="/admin/site/terms" /> : null}
      <SiteTermsForm key={`${version}:${restoring?.id ?? ""}`} initial={terms} version={version} actionData={withoutSaveFailure(actionData)} />
      <HistoryPanel history={history} editorPath="/admin/site/terms" />
    </AdminPage>
  );
}
