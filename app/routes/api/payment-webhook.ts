import { jsonError, methodNotAllowedJson } from "~/server/http.server";
import { receiveWebhook } from "~/server/payment-ledger/gateway-events.server";
import { getPaymentGateway } from "~/server/payment/payment-gateway-service.server";
import type { Route } from "./+types/payment-webhook";

// Public on purpose: the gateway calls it. What guards it is the signature over the raw body and its signed time (ADR 090).

/** POST /api/payments/webhook/{provider}: 200 once stored (a replay too), 400 when the signature, time or body is wrong, 404 for another provider. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedJson(["POST"]);
  // The raw bytes, before anything parses them: the signature is over exactly these.
  const rawBody = Buffer.from(await request.arrayBuffer());
  const answer = await receiveWebhook(getPaymentGateway(), params.provider, { rawBody, headers: request.headers, now: context.clock.now() });
  if (!answer.body.ok) return jsonError(answer.status, answer.body.message ?? "Refused.");
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return methodNotAllowedJson(["POST"]);
}
