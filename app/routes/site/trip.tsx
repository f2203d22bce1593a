import { isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";
import { LinkNotFound } from "~/components/site/trip/link-not-found";
import { TripView } from "~/components/site/trip/trip-view";
import { TRIP_SAVE_FAILED, type TripActionData } from "~/lib/trip-page";
import { loadTrip, TRIP_HEADERS, tripAction } from "~/server/trip/trip-route.server";
import type { Route } from "./+types/trip";

/** A traveller's private trip page (issue 48, ADR 108): the token in the address is the only key. */
export const headers: Route.HeadersFunction = () => TRIP_HEADERS;

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded ? `Your trip: ${loaded.trip.packageTitle} | Pravas` : "Page not found | Pravas" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export const loader = ({ params, context }: Route.LoaderArgs) => loadTrip(params.token, context.clock.now());

export const action = ({ request, params, context }: Route.ActionArgs) => tripAction(request, params.token, context.clock.now());

/** The network or the server failing keeps the page, and what was typed, on screen. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<TripActionData> {
  try {
    return (await serverAction()) as TripActionData;
  } catch (error) {
    // A redirect (to the payment page) is not a failure.
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return { intent: "failed", failed: TRIP_SAVE_FAILED };
  }
}

// A saved detail changes nothing else on the page: no reload of the trip after each field.
export const shouldRevalidate = ({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formData?.get("intent") === "details" ? false : defaultShouldRevalidate;

export default function Trip({ loaderData, actionData }: Route.ComponentProps) {
  return <TripView trip={loaderData.trip} actionData={actionData as TripActionData | undefined} />;
}

export function ErrorBoundary() {
  return <LinkNotFound />;
}
