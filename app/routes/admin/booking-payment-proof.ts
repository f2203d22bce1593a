import { data } from "react-router";
import { canViewPayments } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { paymentProofFile } from "~/server/payment-ledger/payment-proofs.server";
import type { Route } from "./+types/booking-payment-proof";

/**
 * GET /admin/bookings/:ref/payments/:id/proof: a payment's proof (ADR 114), a
 * traveller's financial data: signed-in staff who see the booking's money,
 * from the private store, never cached, a PDF as a download.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, { can: canViewPayments });
  const id = Number(params.id);
  const proof = Number.isSafeInteger(id) && id > 0 ? await paymentProofFile(params.ref, id) : null;
  if (!proof) throw data({ error: "This payment has no proof stored." }, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  return new Response(new Uint8Array(proof.bytes), { headers: proof.headers });
}
