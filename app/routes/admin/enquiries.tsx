import { Link } from "react-router";
import { AdminPage, adminMeta, adminUi } from "~/components/admin/admin-page";
import type { SkipLink } from "~/components/admin/admin-shell";
import { INBOX_LIST_ID, InboxFilterForm, InboxPager, InboxTable } from "~/components/admin/enquiries/inbox-view";
import styles from "~/components/admin/enquiries/enquiries.module.css";
import { hasActiveFilters, inboxQuery, parseInboxFilters } from "~/lib/enquiry-inbox";
import { canManageEnquiries, canManagePersonalData } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { inboxPackages, listInbox } from "~/server/enquiry/inbox.server";
import { countDueToday } from "~/server/enquiry/follow-up.server";
import { InboxViews } from "~/components/admin/enquiries/follow-ups";
import type { Route } from "./+types/enquiries";

/** The inbox: popup leads, package enquiries and contact messages in one list (editors and admins). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, { can: canManageEnquiries });
  const filters = parseInboxFilters(new URL(request.url));
  const [list, packages, due] = await Promise.all([listInbox(filters), inboxPackages(), countDueToday(context.clock.now())]);
  return {
    filters: { ...filters, page: list.page },
    packages,
    ...list,
    now: new Date().toISOString(),
    personalData: canManagePersonalData(viewer),
    due,
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Enquiries");

/** Past the filters in one step: Tab, Tab, Enter, Tab reaches the first enquiry (issue 23). */
export const handle = { skipLinks: [{ href: `#${INBOX_LIST_ID}`, label: "Skip to the enquiry list" }] satisfies SkipLink[] };

export default function AdminEnquiries({ loaderData }: Route.ComponentProps) {
  const { filters, packages, rows, total, page, pages, now, personalData, due } = loaderData;
  const filtered = hasActiveFilters(filters);
  return (
    <AdminPage
      title="Enquiries"
      lead="Call-back requests, package enquiries and contact messages, newest first."
      actions={
        <>
          <a href={`/admin/enquiries.csv${inboxQuery(filters, 1)}`} className={adminUi.button} download>
            Download CSV
          </a>
          <a href={`/admin/enquiries.xlsx${inboxQuery(filters, 1)}`} className={adminUi.button} download>
            Download Excel (.xlsx)
          </a>
          {personalData ? (
            <Link to="/admin/enquiries/personal-data" className={adminUi.button}>
              Personal data
            </Link>
          ) : null}
        </>
      }
    >
      <InboxViews current="all" due={due} />
      <InboxFilterForm key={JSON.stringify(filters)} filters={filters} packages={packages} />
      <p className={styles.summary} role="status">
        {total} {total === 1 ? "enquiry" : "enquiries"}
        {filtered ? " match" : ""}
      </p>
      <InboxTable rows={rows} now={now} />
      <InboxPager filters={filters} page={page} pages={pages} />
    </AdminPage>
  );
}
