import { PageHeader } from "~/components/site/page-header";
import { REVIEW_SENT } from "~/lib/review";
import { REVIEW_HEADERS } from "~/server/review/review-route.server";
import type { Route } from "./+types/review-thanks";

/** Where a review posted without JavaScript lands (its link no longer opens the form). */
export const headers: Route.HeadersFunction = () => REVIEW_HEADERS;

export const meta: Route.MetaFunction = () => [{ title: "Thank you for your review | Pravas" }, { name: "robots", content: "noindex, nofollow" }];

export default function ReviewThanks() {
  return (
    <>
      <PageHeader title="Thank you" intro={REVIEW_SENT} />
      <div className="container">
        <p>
          <a href="/packages" className="btn btn-primary">
            See our packages
          </a>
        </p>
      </div>
    </>
  );
}
