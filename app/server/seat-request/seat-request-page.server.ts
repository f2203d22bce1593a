import { data, redirect } from "react-router";
import { seatRequestSentMessage } from "~/lib/seats";
import { fieldErrors, isHoneypotFilled } from "~/server/forms/form-input.server";
import { jsonError, STORAGE_UNAVAILABLE_MESSAGE } from "~/server/http.server";
import { getLogger } from "~/server/logger.server";
import type { PackageRow } from "~/server/db/schema.server";
import { getPackage } from "~/server/package/package-queries.server";
import { seatRequestSchema, type ApiSeatRequestInput } from "./seat-request-schema";
import { createSeatRequest } from "./seat-requests.server";

type Values = Record<string, string>;

/**
 * The package page's "Request seats" form without JavaScript: stored, then
 * back to the page with the reference; else the form comes back as typed,
 * with inline errors or why it could not be taken (sold out meanwhile, the
 * database unavailable).
 */
export async function seatRequestPageAction(body: Record<string, unknown>, values: Values, row: PackageRow) {
  const sentUrl = (reference: string) => `/packages/${row.slug}?seats=sent&ref=${encodeURIComponent(reference)}#request-seats`;
  if (isHoneypotFilled(body)) return redirect(sentUrl("PRV-0000-0000"), 303);
  const parsed = seatRequestSchema.safeParse(body);
  if (!parsed.success) return data({ seatForm: { fields: fieldErrors(parsed.error), values } }, { status: 400 });
  try {
    const outcome = await createSeatRequest(parsed.data, row);
    if (!outcome.ok) return data({ seatForm: { values, failed: outcome.message } }, { status: outcome.status });
    return redirect(sentUrl(outcome.reference), 303);
  } catch (error) {
    getLogger().error({ err: error }, "seat request could not be stored");
    return data({ seatForm: { values, failed: STORAGE_UNAVAILABLE_MESSAGE } }, { status: 503 });
  }
}

/** POST /api/seat-requests once the input passed the shared schema: the published package, then the store (201 with the reference). */
export async function storeApiSeatRequest(input: ApiSeatRequestInput): Promise<Response> {
  const ref = input.packageId ? String(input.packageId) : input.packageSlug;
  // Published packages only: a draft is not found.
  const pkg = ref ? await getPackage(ref) : null;
  if (!pkg) return jsonError(404, "There is no published trip with that id or slug.", { packageId: "Choose a published trip." });
  const outcome = await createSeatRequest(input, pkg);
  if (!outcome.ok) return jsonError(outcome.status, outcome.message, outcome.refused === "sold-out" ? undefined : { departureId: outcome.message });
  return Response.json(
    { ok: true, reference: outcome.reference, message: seatRequestSentMessage(outcome.reference) },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
}
