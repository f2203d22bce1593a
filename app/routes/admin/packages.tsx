import { AdminPage, adminMeta, adminUi } from "~/components/admin/admin-page";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import type { Route } from "./+types/packages";

/** Placeholder until the packages issue; guarded already (editors and admins). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditContent });
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Packages");

export default function AdminPackages() {
  return (
    <AdminPage title="Packages">
      <div className={adminUi.panel}>
        <p className={adminUi.muted}>This section is being built.</p>
      </div>
    </AdminPage>
  );
}
