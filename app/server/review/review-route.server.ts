import { data } from "react-router";
import { REVIEW_SENT, reviewInputSchema } from "~/lib/review";
import type { FormPoster } from "~/server/forms/form-post.server";
import { answerPageFormPost } from "~/server/forms/page-form-post.server";
import { TRIP_HEADERS } from "~/server/trip/trip-route.server";
import { liveReviewLink } from "./review-token.server";
import { reviewFormTrip, submitReview } from "./review-submit.server";

/**
 * The review form's loader and action behind `/review/{token}` (issue 48, ADR
 * 116): the one-time link is the only permission. Its answers are the trip
 * page's (private, no-store, noindex, no referrer), and a wrong, used or
 * expired link gets the trip page's 404.
 */
export const REVIEW_HEADERS = TRIP_HEADERS;

const notFound = () => data({ message: "Page not found" }, { status: 404, headers: REVIEW_HEADERS });

const SENT = { sent: REVIEW_SENT, redirectTo: "/review/thanks" };

export async function loadReviewForm(token: string | undefined, now: Date) {
  const trip = await reviewFormTrip(token ?? "", now);
  if (!trip) throw notFound();
  return data({ trip }, { headers: REVIEW_HEADERS });
}

/**
 * A review posted with the link: a link that is not live is the 404 before
 * anything is read; then the public forms' budget, honeypot and the schema
 * (errors inline, what was typed kept); a link used at the same moment by
 * another post is refused (409).
 */
export async function reviewAction(request: Request, poster: FormPoster, token: string | undefined, now: Date) {
  if (!(await liveReviewLink(token ?? "", now))) throw notFound();
  return answerPageFormPost(request, poster, {
    what: "review",
    schema: reviewInputSchema,
    honeypot: SENT,
    store: async (input) => {
      const stored = await submitReview(token ?? "", input, now);
      return stored.ok ? SENT : { refused: "This review link has been used already: we have your review.", status: 409 };
    },
  });
}
