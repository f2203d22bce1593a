import { ENQUIRY_SENT_MESSAGE } from "~/lib/enquiry-limits";
import { SEAT_REQUEST_INTENT, seatRequestSentMessage } from "~/lib/seats";
import type { FormPoster } from "~/server/forms/form-post.server";
import { answerPageForm, readPageFormPost } from "~/server/forms/page-form-post.server";
import { createEnquiry, enquirySchema } from "~/server/lead/package-enquiry.server";
import { seatRequestSchema } from "./seat-request-schema";
import { createSeatRequest } from "./seat-requests.server";
import type { PackageRow } from "~/server/db/schema.server";

const GONE = { refused: "This trip is no longer offered. Please see our other packages.", status: 404 };

/**
 * The package page's one action for its two forms (ADR 068): the enquiry and
 * "Request seats" (ADR 059), whether posted by a fetcher or without JavaScript.
 * `findPackage` is the page's own lookup (staff may post on a draft they preview).
 */
export async function answerPackagePageForm(request: Request, poster: FormPoster, slug: string, findPackage: () => Promise<PackageRow | null | undefined>) {
  const post = await readPageFormPost(request, poster);
  const pageUrl = `/packages/${encodeURIComponent(slug)}`;
  if (post.body.intent === SEAT_REQUEST_INTENT) {
    const sentTo = (reference: string) => ({
      sent: seatRequestSentMessage(reference),
      redirectTo: `${pageUrl}?seats=sent&ref=${encodeURIComponent(reference)}#request-seats`,
    });
    return answerPageForm(post, {
      what: "seat request",
      schema: seatRequestSchema,
      honeypot: sentTo("PRV-0000-0000"),
      store: async (input, requestId) => {
        const row = await findPackage();
        if (!row) return GONE;
        const outcome = await createSeatRequest(input, row, new Date(), requestId);
        return outcome.ok ? sentTo(outcome.reference) : { refused: outcome.message, status: outcome.status };
      },
    });
  }
  const sent = { sent: ENQUIRY_SENT_MESSAGE, redirectTo: `${pageUrl}?enquiry=sent#enquire` };
  return answerPageForm(post, {
    what: "enquiry",
    schema: enquirySchema,
    honeypot: sent,
    store: async (input, requestId) => {
      const row = await findPackage();
      if (!row) return GONE;
      await createEnquiry(input, row, requestId);
      return sent;
    },
  });
}
