import { CONTACT_FAILED, CONTACT_SENT } from "~/lib/contact-form";
import { submitContactMessage } from "~/server/contact/contact-messages.server";
import { badBodyResponse, readBody, validationErrorResponse } from "~/server/forms/form-input.server";
import { jsonError } from "~/server/http.server";
import type { Route } from "./+types/contact";

/** POST /api/contact: { firstName, lastName, email, phone, message } → 201, or 400 naming each bad field. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  const body = await readBody(request);
  if (!body) return badBodyResponse();
  try {
    const result = await submitContactMessage(body);
    if (!result.ok) return validationErrorResponse(result.error);
    return Response.json({ ok: true, message: CONTACT_SENT }, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("contact message could not be stored", error);
    return jsonError(503, CONTACT_FAILED);
  }
}

export function loader() {
  return jsonError(405, "Method not allowed: send the message with POST.");
}
