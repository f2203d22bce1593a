import { AdminPage, adminMeta, adminUi } from "~/components/admin/admin-page";
import { requireUser } from "~/server/auth/guard.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  return { name: viewer.name };
}

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title="Welcome to Admin Dashboard" lead={`Signed in as ${loaderData.name}.`}>
      <div className={adminUi.panel}>
        <p className={adminUi.muted}>Enquiry and content figures will appear here.</p>
      </div>
    </AdminPage>
  );
}
