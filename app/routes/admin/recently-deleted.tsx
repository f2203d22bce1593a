import { Form } from "react-router";
import { AdminPage, adminMeta, adminUi } from "~/components/admin/admin-page";
import { ListTable } from "~/components/admin/list-table";
import { formatDate, formatDateTime } from "~/lib/admin-format";
import { DeletedBookings } from "~/components/admin/bookings/deleted-bookings";
import { canDeleteBookings, canEditContent } from "~/server/auth/access.server";
import { restoreDeletedBooking, deletedBookings } from "~/server/booking/booking-page.server";
import { requireUser } from "~/server/auth/guard.server";
import { handleRecentlyDeletedAction, loadRecentlyDeleted } from "~/server/content/recently-deleted-page.server";
import { contentRegistry } from "~/server/registry/content-registry.server";
import type { Route } from "./+types/recently-deleted";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, { can: canEditContent });
  // Deleted bookings are admins' (ADR 088): only they delete and restore them.
  return {
    items: await loadRecentlyDeleted(contentRegistry, context.clock.now()),
    bookings: canDeleteBookings(viewer) ? await deletedBookings(context.clock.now()) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canEditContent });
  if ((await request.clone().formData()).get("intent") === "restore-booking") {
    await requireUser(request, { can: canDeleteBookings });
    return restoreDeletedBooking(request, viewer, context.clientIp, context.clock.now());
  }
  return handleRecentlyDeletedAction(request, viewer, contentRegistry, context.clientIp);
}

export const meta: Route.MetaFunction = () => adminMeta("Recently deleted");

const COLUMNS = ["What", "Deleted", "By", "Restorable until", "Restore"];

/** Packages and blogs deleted in the last 30 days, each with Restore (ADR 037). */
export default function RecentlyDeleted({ loaderData }: Route.ComponentProps) {
  const { items, bookings } = loaderData;
  return (
    <AdminPage title="Recently deleted" lead="Packages and blogs deleted in the last 30 days. Restoring one brings it back with its history.">
      <ListTable
        label="Recently deleted"
        caption={`${items.length} ${items.length === 1 ? "item" : "items"}`}
        columns={COLUMNS}
        rows={items}
        empty={<p className={adminUi.muted}>Nothing was deleted in the last 30 days.</p>}
        row={(item) => (
          <tr key={item.revisionId}>
            <td data-label="What">
              {item.title} <span className={adminUi.muted}>({item.noun})</span>
            </td>
            <td data-label="Deleted">{formatDateTime(item.deletedAt)}</td>
            <td data-label="By">{item.deletedBy}</td>
            <td data-label="Restorable until">{formatDate(item.restorableUntil)}</td>
            <td data-label="Restore">
              <Form method="post">
                <input type="hidden" name="revisionId" value={item.revisionId} />
                <button type="submit" className={adminUi.button} aria-label={`Restore ${item.title}`}>
                  Restore
                </button>
              </Form>
            </td>
          </tr>
        )}
      />
      {bookings ? <DeletedBookings items={bookings} /> : null}
    </AdminPage>
  );
}
