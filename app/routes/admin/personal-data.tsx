import { Form, Link, useLocation } from "react-router";
import { AdminPage, adminMeta, adminUi, Panel } from "~/components/admin/admin-page";
import { PersonalDataFound } from "~/components/admin/enquiries/personal-data-view";
import { TextField } from "~/components/ui/form-field";
import { canManagePersonalData } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handlePersonalDataAction } from "~/server/enquiry/personal-data-page.server";
import type { Route } from "./+types/personal-data";

/** Find, export and delete what is held about one visitor (admins: canManagePersonalData, ADR 029). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canManagePersonalData });
  return { now: new Date().toISOString() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canManagePersonalData });
  return handlePersonalDataAction(request, viewer, context.clientIp);
}

export const meta: Route.MetaFunction = () => adminMeta("Personal data");

export default function PersonalDataPage({ loaderData, actionData }: Route.ComponentProps) {
  const { key } = useLocation();
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <AdminPage
      title="Personal data"
      lead="Find everything held about a visitor by phone number or e-mail address, give them a copy, or delete it (the privacy policy's promises)."
      actions={
        <Link to="/admin/enquiries" className={adminUi.button}>
          All enquiries
        </Link>
      }
    >
      <Panel title="Find a person" id="find">
        <Form method="post" className={adminUi.formGrid} key={key} noValidate>
          <input type="hidden" name="intent" value="find" />
          <TextField
            idPrefix="person-"
            name="q"
            label="Phone number or e-mail address"
            autoComplete="off"
            required
            maxLength={200}
            defaultValue={actionData?.q ?? ""}
            error={error}
          />
          <div className={adminUi.formActions}>
            <button type="submit" className={`${adminUi.button} ${adminUi.primary}`}>
              Find
            </button>
          </div>
        </Form>
      </Panel>
      {actionData && !("error" in actionData) ? <PersonalDataFound result={actionData} now={loaderData.now} /> : null}
    </AdminPage>
  );
}
