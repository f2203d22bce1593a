import { parseEnquiryKey } from "~/lib/enquiry-id";
import { canManageEnquiries } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handleReplySent } from "~/server/enquiry/enquiry-page.server";
import { methodNotAllowedJson, notFoundJson } from "~/server/http.server";
import type { Route } from "./+types/enquiry-reply-sent";

/** Only the reply links' POST: nothing to read here. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageEnquiries });
  return methodNotAllowedJson(["POST"]);
}

/** POST `{ channel, template?, markContacted? }` when a reply link is tapped: answers `{ message }` (ADR 046). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedJson(["POST"]);
  const viewer = await requireUser(request, { can: canManageEnquiries });
  const ref = parseEnquiryKey(params.id);
  if (!ref) return notFoundJson("Enquiry");
  return handleReplySent(request, ref, { viewer, ip: context.clientIp, now: context.clock.now() });
}
