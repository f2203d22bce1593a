import type { ShouldRevalidateFunctionArgs } from "react-router";
import { ReviewForm } from "~/components/site/review/review-form";
import { LinkNotFound } from "~/components/site/trip/link-not-found";
import { postPageForm } from "~/lib/page-form";
import { formatTourDateRange } from "~/lib/tour-format";
import { loadReviewForm, REVIEW_HEADERS, reviewAction } from "~/server/review/review-route.server";
import type { Route } from "./+types/review";

/** A verified review through the review request's one-time link (issue 48, ADR 116). */
export const headers: Route.HeadersFunction = () => REVIEW_HEADERS;

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded ? `Review ${loaded.trip.packageTitle} | Pravas` : "Page not found | Pravas" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export const loader = ({ params, context }: Route.LoaderArgs) => loadReviewForm(params.token, context.clock.now());

export const action = ({ request, params, context }: Route.ActionArgs) => reviewAction(request, context, params.token, context.clock.now());

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => postPageForm(serverAction);

// A sent review changes nothing to load again (and its link no longer opens the page).
export const shouldRevalidate = ({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  const { trip } = loaderData;
  return (
    <ReviewForm
      packageTitle={trip.packageTitle}
      dates={formatTourDateRange(trip.startDate, trip.endDate)}
      firstName={trip.leadName.split(/\s+/)[0] ?? ""}
      initial={actionData}
    />
  );
}

export function ErrorBoundary() {
  return <LinkNotFound />;
}
