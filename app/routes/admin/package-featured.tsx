import { Link } from "react-router";
import { AdminPage, adminMeta, adminUi } from "~/components/admin/admin-page";
import { FeaturedOrder } from "~/components/admin/packages/featured-order";
import { redirectWithNotice } from "~/server/admin/notice.server";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { parseId } from "~/server/http.server";
import { listFeaturedPackages, moveFeaturedPackage, type MoveDirection } from "~/server/package/featured-order.server";
import type { Route } from "./+types/package-featured";

const PATH = "/admin/packages/featured";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditContent });
  const url = new URL(request.url);
  const movedId = parseId(url.searchParams.get("moved") ?? "");
  const direction = url.searchParams.get("direction");
  const moved: { id: number; direction: MoveDirection } | null = movedId && (direction === "up" || direction === "down") ? { id: movedId, direction } : null;
  return { featured: await listFeaturedPackages(), moved };
}

/** Moves one package up or down the carousel; post/redirect/get back here with a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canEditContent });
  const form = await request.formData();
  const id = parseId(String(form.get("packageId") ?? ""));
  const direction = form.get("direction");
  if (!id || (direction !== "up" && direction !== "down")) {
    return redirectWithNotice(PATH, { kind: "error", message: "Something went wrong!" });
  }
  const moved = await moveFeaturedPackage(id, direction, { viewer, ip: context.clientIp });
  if (!moved) return redirectWithNotice(PATH, { kind: "error", message: "That package is no longer featured." });
  return redirectWithNotice(`${PATH}?moved=${id}&direction=${direction}`, {
    kind: "success",
    message: `${moved.title} is now number ${moved.position} on the home page.`,
  });
}

export const meta: Route.MetaFunction = () => adminMeta("Home carousel order");

export default function FeaturedPackagesOrder({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Home carousel order"
      lead="The Top Destinations carousel on the home page shows these packages in this order."
      actions={
        <Link to="/admin/packages" className={adminUi.button}>
          All packages
        </Link>
      }
    >
      <FeaturedOrder featured={loaderData.featured} moved={loaderData.moved} />
    </AdminPage>
  );
}
