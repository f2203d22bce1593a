import { canViewPayments } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { getDb } from "~/server/db/db.server";
import { paymentsCsv, paymentsFileName } from "~/server/payment-ledger/payments-export.server";
import { parsePaymentsRange, paymentsInRange } from "~/server/payment-ledger/payments-screen.server";
import type { Route } from "./+types/payments-csv";

/** GET /admin/payments.csv?from=&to=: the Payments screen's range as CSV (reads only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, { can: canViewPayments });
  const range = parsePaymentsRange(new URL(request.url), context.clock.now());
  return new Response(paymentsCsv(await paymentsInRange(getDb(), range)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${paymentsFileName(range, "csv")}"`,
      "Cache-Control": "no-store",
    },
  });
}
