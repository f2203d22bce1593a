import { badBodyResponse, isHoneypotFilled, readBody, validationErrorResponse } from "~/server/forms/form-input.server";
import { jsonError } from "~/server/http.server";
import { popupLeadSchema } from "~/server/lead/lead-schema";
import { createPopupLead } from "~/server/lead/popup-lead.server";
import type { Route } from "./+types/leads";

/** The same answer for a stored lead and a bot's, so a bot learns nothing. */
const created = () =>
  Response.json(
    { ok: true, message: "Thank you! We will call you back soon." },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );

/** POST /api/leads {name, phone}: the popup's call-back request (spec §7.1). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  const body = await readBody(request);
  if (!body) return badBodyResponse();
  // Bots get the normal answer and nothing is stored.
  if (isHoneypotFilled(body)) return created();
  const parsed = popupLeadSchema.safeParse(body);
  if (!parsed.success) return validationErrorResponse(parsed.error);
  await createPopupLead(parsed.data);
  return created();
}

export function loader() {
  return jsonError(405, "Method not allowed: send a POST with name and phone.");
}
