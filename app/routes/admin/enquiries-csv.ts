import { toCsv, verbatim } from "~/lib/csv";
import { spreadsheetIndiaTime, spreadsheetPhone } from "~/lib/spreadsheet-text";
import { parseInboxFilters } from "~/lib/enquiry-inbox";
import { SOURCE_LABELS, STATUS_LABELS } from "~/lib/enquiry-status";
import { canManageEnquiries } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { exportNotes, listInboxForExport } from "~/server/enquiry/inbox.server";
import type { Route } from "./+types/enquiries-csv";

const HEADER = ["Received (IST)", "Source", "Name", "Phone", "E-mail", "Package", "Travellers", "Preferred month", "Message", "Status", "Assigned to", "Notes", "ID"];

/** GET /admin/enquiries.csv: the inbox's filtered list (same query string) as a spreadsheet. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageEnquiries });
  const filters = parseInboxFilters(new URL(request.url));
  const rows = await listInboxForExport(filters);
  const notes = await exportNotes(rows);
  const csv = toCsv(
    HEADER,
    rows.map((row) => [
      verbatim(spreadsheetIndiaTime(row.createdAt)),
      SOURCE_LABELS[row.source],
      row.name,
      verbatim(spreadsheetPhone(row.phone)),
      row.email,
      row.packageTitle,
      row.travellers,
      row.preferredMonth,
      row.message,
      STATUS_LABELS[row.status],
      row.assigneeName,
      notes.get(row.key) ?? "",
      row.key,
    ]),
  );
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="enquiries-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
