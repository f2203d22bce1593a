import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { HistoryPanel } from "~/components/admin/history/history-panel";
import { RestoringNotice } from "~/components/admin/history/restoring-notice";
import { SettingsForm } from "~/components/admin/settings/settings-form";
import { SettingsTabs } from "~/components/admin/settings/settings-tabs";
import { keepFormOnFailure, sentAfterFailure, skipRevalidationAfterFailure, withoutSaveFailure } from "~/lib/save-failure";
import type { SiteSettingsFormValues } from "~/lib/site-settings-schema";
import { canManageSettings } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handleSettingsAction, loadSettingsPage } from "~/server/settings/settings-page.server";
import type { Route } from "./+types/settings";

/** Site settings (ADR 041): admins only (an editor gets 403). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageSettings });
  return loadSettingsPage(new URL(request.url), context.clock.now());
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canManageSettings });
  return handleSettingsAction(request, viewer, context.clientIp);
}

/** A save that cannot reach the server keeps the form as typed, with Retry (ADR 040). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormOnFailure(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = () => adminMeta("Site settings");

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { values, gateway, taxes, version, updatedAt, history, restoring } = loaderData;
  return (
    <AdminPage title="Site settings" lead="Contacts, enquiry e-mails, taxes, payments and the lead popup: the website shows a change at once.">
      <SettingsTabs current="site" />
      {restoring ? <RestoringNotice restoring={restoring} path="/admin/settings" /> : null}
      <SettingsForm
        key={`${version}:${restoring?.id ?? ""}`}
        values={sentAfterFailure<SiteSettingsFormValues>(actionData) ?? values}
        version={version}
        storedAt={updatedAt}
        gateway={gateway}
        taxes={taxes}
        actionData={withoutSaveFailure(actionData)}
      />
      <HistoryPanel history={history} editorPath="/admin/settings" />
    </AdminPage>
  );
}
