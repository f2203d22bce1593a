import { tripItineraryPdf } from "~/server/trip/trip-route.server";
import type { Route } from "./+types/trip-itinerary";

/** GET /trip/{token}/itinerary.pdf: the booking's final itinerary, drawn now (issue 48; the token is the only key, ADR 108). */
export const loader = ({ params, context }: Route.LoaderArgs) => tripItineraryPdf(params.token, context.clock.now());
