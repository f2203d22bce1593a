import { seatRequestSentMessage } from "~/lib/seats";
import { jsonError } from "~/server/http.server";
import { getPackage } from "~/server/package/package-queries.server";
import type { ApiSeatRequestInput } from "./seat-request-schema";
import { createSeatRequest } from "./seat-requests.server";

/** POST /api/seat-requests once the input passed the shared schema: the published package, then the store (201 with the reference). */
export async function storeApiSeatRequest(input: ApiSeatRequestInput, requestId: string | null): Promise<Response> {
  const ref = input.packageId ? String(input.packageId) : input.packageSlug;
  // Published packages only: a draft is not found.
  const pkg = ref ? await getPackage(ref) : null;
  if (!pkg) return jsonError(404, "There is no published trip with that id or slug.", { packageId: "Choose a published trip." });
  const outcome = await createSeatRequest(input, pkg, new Date(), requestId);
  if (!outcome.ok) return jsonError(outcome.status, outcome.message, outcome.refused === "sold-out" ? undefined : { departureId: outcome.message });
  return Response.json(
    { ok: true, reference: outcome.reference, message: seatRequestSentMessage(outcome.reference) },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
}
