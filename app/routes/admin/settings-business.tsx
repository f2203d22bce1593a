import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { BusinessForm } from "~/components/admin/settings/business-form";
import { SettingsTabs } from "~/components/admin/settings/settings-tabs";
import { TaxRulesPanel } from "~/components/admin/settings/tax-rules-panel";
import type { BusinessSettingsFormValues } from "~/lib/business-settings-schema";
import { keepFormOnFailure, sentAfterFailure, skipRevalidationAfterFailure, withoutSaveFailure } from "~/lib/save-failure";
import { canManageTaxSettings } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { countOpenTcsBookings } from "~/server/document/tcs-rework.server";
import { handleBusinessAction, loadBusinessPage, type BusinessActionData } from "~/server/settings/business-page.server";
import type { Route } from "./+types/settings-business";

/** Settings → Business and tax (issue 47): admins only (an editor gets 403, as on Settings). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageTaxSettings });
  return loadBusinessPage(context.clock.now());
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canManageTaxSettings });
  return handleBusinessAction(request, viewer, { ip: context.clientIp, now: context.clock.now(), openTcsBookings: countOpenTcsBookings });
}

/** A save that cannot reach the server keeps the form as typed, with Retry (ADR 040). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormOnFailure(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = () => adminMeta("Business and tax");

export default function BusinessSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { values, version, groups, accountantNote } = loaderData;
  const answer = withoutSaveFailure(actionData) as (BusinessActionData & { conflict?: never }) | undefined;
  const businessAnswer = answer && (answer.form === "business" || "conflict" in answer) ? answer : undefined;
  return (
    <AdminPage title="Business and tax" lead="What the tax documents print about the agency, how they are numbered, and the tax rules they follow.">
      <SettingsTabs current="business" />
      <BusinessForm
        key={version}
        values={sentAfterFailure<BusinessSettingsFormValues>(actionData) ?? values}
        version={version}
        actionData={businessAnswer as Parameters<typeof BusinessForm>[0]["actionData"]}
      />
      <TaxRulesPanel groups={groups} accountantNote={accountantNote} actionData={answer?.form === "business" ? undefined : answer} />
    </AdminPage>
  );
}
