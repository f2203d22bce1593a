import { answerApiFormPost } from "~/server/forms/form-post.server";
import { methodNotAllowedJson } from "~/server/http.server";
import { apiSeatRequestSchema } from "~/server/seat-request/seat-request-schema";
import { storeApiSeatRequest } from "~/server/seat-request/seat-request-api.server";
import type { Route } from "./+types/seat-requests";

// Public on purpose: visitors ask for seats; guarded by the form budget, body cap and schema instead.

/**
 * POST /api/seat-requests: seats on one departure of a published package
 * (issue 26 §3, ADR 059). 201 with the reference once stored; 400 on bad
 * input; 404 for a draft or unknown package; 422 for a past departure,
 * another package's or one without seats; 409 when it sold out; 429, 503 as
 * every public form. A filled honeypot gets a 201 and nothing is stored.
 */
export function action({ request, context }: Route.ActionArgs) {
  return answerApiFormPost(request, context, {
    what: "seat request",
    schema: apiSeatRequestSchema,
    createdMessage: "Thank you! Your seat request has been sent. It is not a booking yet: our team will call you to confirm the seats.",
    store: storeApiSeatRequest,
  });
}

export function loader() {
  return methodNotAllowedJson(["POST"]);
}
