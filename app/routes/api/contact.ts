import { CONTACT_SENT } from "~/lib/contact-form";
import { submitContactMessage } from "~/server/contact/contact-messages.server";
import { refuseApiFormPost, storageFailedJson } from "~/server/forms/form-post.server";
import { badBodyResponse, readBody, validationErrorResponse } from "~/server/forms/form-input.server";
import { methodNotAllowedJson } from "~/server/http.server";
import type { Route } from "./+types/contact";

// Public on purpose: visitors post messages; guarded by the form budget, body cap and schema instead.

/** POST /api/contact: { firstName, lastName, email, phone, message } → 201, or 400 naming each bad field. */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = await refuseApiFormPost(request, context.clientIp);
  if (refused) return refused;
  const body = await readBody(request);
  if (!body) return badBodyResponse();
  try {
    const result = await submitContactMessage(body, context.requestId ?? null);
    if (!result.ok) return validationErrorResponse(result.error);
    return Response.json({ ok: true, message: CONTACT_SENT }, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return storageFailedJson("contact message", error);
  }
}

export function loader() {
  return methodNotAllowedJson(["POST"]);
}
