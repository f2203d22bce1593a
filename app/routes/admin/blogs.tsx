import { Link } from "react-router";
import { AdminPage, adminMeta, adminUi } from "~/components/admin/admin-page";
import { BlogCardList, BlogFilters } from "~/components/admin/blogs/blog-list";
import { parseAdminBlogFilters, type AdminBlogCard } from "~/lib/admin-blog-list";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { listBlogsForAdmin } from "~/server/blog/blog-editor.server";
import { getLogger } from "~/server/logger.server";
import type { Route } from "./+types/blogs";

const FETCH_FAILED = "Failed to fetch blogs";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditContent });
  const filters = parseAdminBlogFilters(new URL(request.url));
  try {
    return { filters, cards: await listBlogsForAdmin(filters), failed: false };
  } catch (error) {
    // The spec's message in the page (and the shell still works) rather than an error page.
    getLogger().error({ err: error }, "the admin blog list could not load");
    return { filters, cards: [] as AdminBlogCard[], failed: true };
  }
}

export const meta: Route.MetaFunction = () => adminMeta("Blogs");

export default function AdminBlogs({ loaderData }: Route.ComponentProps) {
  const { filters, cards, failed } = loaderData;
  const filtered = Boolean(filters.q || filters.status);
  return (
    <AdminPage
      title="Blogs"
      lead={failed ? undefined : `${cards.length} ${cards.length === 1 ? "post" : "posts"}${filtered ? " match" : ""}.`}
      actions={
        <>
          <Link to="/admin/recently-deleted" className={adminUi.button}>
            Recently deleted
          </Link>
          <Link to="/admin/blogs/new" className={`${adminUi.button} ${adminUi.primary}`}>
            Create Blog
          </Link>
        </>
      }
    >
      <BlogFilters key={JSON.stringify(filters)} filters={filters} />
      {failed ? (
        <p role="alert" className={adminUi.formError}>
          {FETCH_FAILED}
        </p>
      ) : (
        <BlogCardList cards={cards} filtered={filtered} />
      )}
    </AdminPage>
  );
}
