import { data } from "react-router";
import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { PackageEditor } from "~/components/admin/packages/package-editor";
import { DepartureSeatsContext } from "~/components/admin/packages/departure-seats-context";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { parseId } from "~/server/http.server";
import { handlePackageEditorAction, loadPackageEditor } from "~/server/package/package-editor.server";
import { keepFormOnFailure, sentAfterFailure, skipRevalidationAfterFailure, withoutSaveFailure } from "~/lib/save-failure";
import type { Route } from "./+types/package-edit";

function packageId(params: Route.LoaderArgs["params"]): number {
  const id = parseId(params.id);
  if (!id) throw data(null, { status: 404 });
  return id;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request, { can: canEditContent });
  const editor = await loadPackageEditor(packageId(params), viewer, new URL(request.url));
  if (!editor) throw data(null, { status: 404 });
  return editor;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canEditContent });
  return handlePackageEditorAction(request, viewer, packageId(params), context.clientIp);
}

/** A failed save keeps the editor as typed, with a Retry (ADR 040). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormOnFailure(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = ({ data: loaded }) => adminMeta(loaded ? `Edit ${loaded.values.title}` : "Package not found");

export default function EditPackage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    id,
    slug,
    status,
    updatedAt,
    savedAt,
    today,
    taxes,
    values,
    previews,
    alts,
    missing,
    siteTerms,
    version,
    draft,
    schedule,
    editors,
    history,
    restoring,
    departureSeats,
  } = loaderData;
  const state = { version, draft, schedule, editors, history, restoring };
  return (
    <AdminPage title={values.title} lead={status === "published" ? "Published: live on the website." : "Draft: only staff can see it."}>
      <DepartureSeatsContext.Provider value={departureSeats}>
        {/* A save reloads the package: the editor starts again from what was stored (a refused save keeps it: 4xx does not reload). */}
        <PackageEditor
          key={`${id}:${version}:${draft?.savedAt ?? ""}:${restoring?.id ?? ""}`}
          id={id}
          publicPath={`/packages/${slug}`}
          values={sentAfterFailure<typeof values>(actionData) ?? values}
          previews={previews}
          alts={alts}
          missing={missing}
          siteTerms={siteTerms}
          savedAt={savedAt}
          today={today}
          taxes={taxes}
          actionData={withoutSaveFailure(actionData)}
          stored={{ state, live: status === "published" }}
          storedAt={updatedAt}
        />
      </DepartureSeatsContext.Provider>
    </AdminPage>
  );
}
