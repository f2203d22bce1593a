import { tripDocumentPdf } from "~/server/trip/trip-route.server";
import type { Route } from "./+types/trip-document";

/** GET /trip/{token}/documents/{id}: one of the booking's tax documents as issued (issue 48; the token is the only key, ADR 108). */
export const loader = ({ params, context }: Route.LoaderArgs) => tripDocumentPdf(params.token, params.id, context.clock.now());
