import { parseInboxFilters } from "~/lib/enquiry-inbox";
import { canManageEnquiries } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { exportFileName, inboxCsv, inboxExportRows } from "~/server/enquiry/inbox-export.server";
import type { Route } from "./+types/enquiries-csv";

/** GET /admin/enquiries.csv: the inbox's filtered list (same query string) as a spreadsheet (ADR 047). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageEnquiries });
  const rows = await inboxExportRows(parseInboxFilters(new URL(request.url)));
  return new Response(inboxCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName("csv", context.clock.now())}"`,
      "Cache-Control": "no-store",
    },
  });
}
