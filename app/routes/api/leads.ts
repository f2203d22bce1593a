import { refuseApiFormPost, storageFailedJson } from "~/server/forms/form-post.server";
import { badBodyResponse, isHoneypotFilled, readBody, validationErrorResponse } from "~/server/forms/form-input.server";
import { methodNotAllowedJson } from "~/server/http.server";
import { popupLeadSchema } from "~/server/lead/lead-schema";
import { createPopupLead } from "~/server/lead/popup-lead.server";
import type { Route } from "./+types/leads";

// Public on purpose: visitors post leads; guarded by the form budget, body cap and schema instead.

/** The same answer for a stored lead and a bot's, so a bot learns nothing. */
const created = () =>
  Response.json(
    { ok: true, message: "Thank you! We will call you back soon." },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );

/** POST /api/leads {name, phone}: the popup's call-back request (spec §7.1). */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = refuseApiFormPost(request, context.clientIp);
  if (refused) return refused;
  const body = await readBody(request);
  if (!body) return badBodyResponse();
  // Bots get the normal answer and nothing is stored.
  if (isHoneypotFilled(body)) return created();
  const parsed = popupLeadSchema.safeParse(body);
  if (!parsed.success) return validationErrorResponse(parsed.error);
  try {
    await createPopupLead(parsed.data);
  } catch (error) {
    return storageFailedJson("lead", error);
  }
  return created();
}

export function loader() {
  return methodNotAllowedJson(["POST"]);
}
