import { Link } from "react-router";
import { AdminPage, adminMeta, adminUi } from "~/components/admin/admin-page";
import { PackageCardList, PackageFilters } from "~/components/admin/packages/package-list";
import { parseAdminPackageFilters } from "~/lib/admin-package-list";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { listAdminPackages } from "~/server/package/package-admin-list.server";
import type { Route } from "./+types/packages";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditContent });
  const filters = parseAdminPackageFilters(new URL(request.url));
  return { filters, cards: await listAdminPackages(filters) };
}

export const meta: Route.MetaFunction = () => adminMeta("Packages");

export default function AdminPackages({ loaderData }: Route.ComponentProps) {
  const { filters, cards } = loaderData;
  return (
    <AdminPage
      title="Packages"
      lead={`${cards.length} ${cards.length === 1 ? "package" : "packages"}${filters.q || filters.region || filters.status ? " match" : ""}.`}
      actions={
        <>
          <Link to="/admin/recently-deleted" className={adminUi.button}>
            Recently deleted
          </Link>
          <Link to="/admin/packages/featured" className={adminUi.button}>
            Home carousel order
          </Link>
          <Link to="/admin/packages/new" className={`${adminUi.button} ${adminUi.primary}`}>
            Create New Package
          </Link>
        </>
      }
    >
      <PackageFilters key={JSON.stringify(filters)} filters={filters} />
      <PackageCardList cards={cards} />
    </AdminPage>
  );
}
