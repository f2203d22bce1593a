import { AdminPage, adminMeta, adminUi } from "~/components/admin/admin-page";
import { canManageEnquiries } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import type { Route } from "./+types/enquiries";

/** Placeholder until the enquiries issue; guarded already (editors and admins). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageEnquiries });
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Enquiries");

export default function AdminEnquiries() {
  return (
    <AdminPage title="Enquiries">
      <div className={adminUi.panel}>
        <p className={adminUi.muted}>This section is being built.</p>
      </div>
    </AdminPage>
  );
}
