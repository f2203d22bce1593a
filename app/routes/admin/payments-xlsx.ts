import { canViewPayments } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { getDb } from "~/server/db/db.server";
import { paymentsFileName, paymentsXlsx } from "~/server/payment-ledger/payments-export.server";
import { parsePaymentsRange, paymentsInRange } from "~/server/payment-ledger/payments-screen.server";
import type { Route } from "./+types/payments-xlsx";

/** GET /admin/payments.xlsx?from=&to=: the Payments screen's range as an Excel workbook, amounts as numbers (reads only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, { can: canViewPayments });
  const range = parsePaymentsRange(new URL(request.url), context.clock.now());
  const body = await paymentsXlsx(await paymentsInRange(getDb(), range));
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${paymentsFileName(range, "xlsx")}"`,
      "Content-Length": String(body.byteLength),
      "Cache-Control": "no-store",
    },
  });
}
