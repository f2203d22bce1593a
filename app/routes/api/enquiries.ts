import { answerApiFormPost } from "~/server/forms/form-post.server";
import { jsonError, methodNotAllowedJson } from "~/server/http.server";
import { apiEnquirySchema, createEnquiry, ENQUIRY_SENT_MESSAGE, findEnquiryPackage } from "~/server/lead/package-enquiry.server";
import type { Route } from "./+types/enquiries";

// Public on purpose: visitors post enquiries; guarded by the form budget, body cap and schema instead.

/**
 * POST /api/enquiries: a package enquiry, stored in `leads` with the package
 * attached. 201 when stored; 400 with `{ error, fields }` on bad input or an
 * unknown package; a filled honeypot gets the same 201 and nothing is stored;
 * 429 past the client's form budget; 503 when the database cannot store it.
 */
export function action({ request, context }: Route.ActionArgs) {
  return answerApiFormPost(request, context, {
    what: "enquiry",
    schema: apiEnquirySchema,
    createdMessage: ENQUIRY_SENT_MESSAGE,
    store: async (input, requestId) => {
      const pkg = await findEnquiryPackage(input);
      if (!pkg) return jsonError(400, "Please choose one of our packages.", { packageId: "Please choose one of our packages." });
      await createEnquiry(input, pkg, requestId);
    },
  });
}

export function loader() {
  return methodNotAllowedJson(["POST"]);
}
