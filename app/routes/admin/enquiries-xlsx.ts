import { parseInboxFilters } from "~/lib/enquiry-inbox";
import { canManageEnquiries } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { exportFileName, inboxExportRows, inboxXlsx } from "~/server/enquiry/inbox-export.server";
import type { Route } from "./+types/enquiries-xlsx";

/** GET /admin/enquiries.xlsx: the same export as the CSV, as an Excel workbook with real dates (ADR 047). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageEnquiries });
  const rows = await inboxExportRows(parseInboxFilters(new URL(request.url)));
  const body = await inboxXlsx(rows);
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${exportFileName("xlsx", context.clock.now())}"`,
      "Content-Length": String(body.byteLength),
      "Cache-Control": "no-store",
    },
  });
}
