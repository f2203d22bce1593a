import { answerApiFormPost } from "~/server/forms/form-post.server";
import { methodNotAllowedJson } from "~/server/http.server";
import { popupLeadSchema } from "~/server/lead/lead-schema";
import { createPopupLead } from "~/server/lead/popup-lead.server";
import type { Route } from "./+types/leads";

// Public on purpose: visitors post leads; guarded by the form budget, body cap and schema instead.

/** POST /api/leads {name, phone}: the popup's call-back request (spec §7.1). A bot's post gets the same answer, and nothing is stored. */
export function action({ request, context }: Route.ActionArgs) {
  return answerApiFormPost(request, context, {
    what: "lead",
    schema: popupLeadSchema,
    createdMessage: "Thank you! We will call you back soon.",
    store: async (input, requestId) => {
      await createPopupLead(input, requestId);
    },
  });
}

export function loader() {
  return methodNotAllowedJson(["POST"]);
}
