import { refuseApiFormPost, storageFailedJson } from "~/server/forms/form-post.server";
import { badBodyResponse, isHoneypotFilled, readBody, validationErrorResponse } from "~/server/forms/form-input.server";
import { jsonError, methodNotAllowedJson } from "~/server/http.server";
import {
  apiEnquirySchema,
  createEnquiry,
  ENQUIRY_SENT_MESSAGE,
  findEnquiryPackage,
} from "~/server/lead/enquiry.server";
import type { Route } from "./+types/enquiries";

// Public on purpose: visitors post enquiries; guarded by the form budget, body cap and schema instead.

const created = () =>
  Response.json({ ok: true, message: ENQUIRY_SENT_MESSAGE }, { status: 201, headers: { "Cache-Control": "no-store" } });

/**
 * POST /api/enquiries: a package enquiry, stored in `leads` with the package
 * attached. 201 when stored; 400 with `{ error, fields }` on bad input; a
 * filled honeypot gets the same 201 and nothing is stored; 429 past the
 * client's form budget; 503 when the database cannot store it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = refuseApiFormPost(request, context.clientIp);
  if (refused) return refused;
  const body = await readBody(request);
  if (!body) return badBodyResponse();
  if (isHoneypotFilled(body)) return created();

  const parsed = apiEnquirySchema.safeParse(body);
  if (!parsed.success) return validationErrorResponse(parsed.error);
  try {
    const pkg = await findEnquiryPackage(parsed.data);
    if (!pkg) {
      return jsonError(400, "Please choose one of our packages.", { packageId: "Please choose one of our packages." });
    }
    await createEnquiry(parsed.data, pkg);
  } catch (error) {
    return storageFailedJson("enquiry", error);
  }
  return created();
}

export function loader() {
  return methodNotAllowedJson(["POST"]);
}
