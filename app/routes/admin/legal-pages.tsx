import { Link } from "react-router";
import { AdminPage, adminMeta, Panel } from "~/components/admin/admin-page";
import styles from "~/components/admin/legal/legal-editor.module.css";
import { formatDateTime } from "~/lib/admin-format";
import { canEditLegalPages } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { loadLegalList } from "~/server/legal/legal-editor.server";
import type { Route } from "./+types/legal-pages";

/** The legal pages (ADR 041): admins only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditLegalPages });
  return { pages: await loadLegalList() };
}

export const meta: Route.MetaFunction = () => adminMeta("Legal pages");

export default function LegalPagesList({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Legal pages"
      lead="Privacy, terms, refunds and the disclaimer: keep the refund rules the same in each. The notice on the trip page is shown to travellers above their details' consent box."
    >
      <Panel title="Pages">
        <ul className={styles.list}>
          {loaderData.pages.map((page) => (
            <li key={page.slug}>
              <Link to={`/admin/site/legal/${page.slug}`}>{page.title}</Link> · saved {formatDateTime(page.updatedAt)}
            </li>
          ))}
        </ul>
      </Panel>
    </AdminPage>
  );
}
