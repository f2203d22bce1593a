import { answerReviewPhoto } from "~/server/review/review-photo-route.server";
import type { Route } from "./+types/review-photo";

/** GET /review/photos/<key>-<width>.webp: a published review's photo (ADR 118); a hidden or new review's is a 404. */
export const loader = ({ params }: Route.LoaderArgs) => answerReviewPhoto(params.file, { staff: false });
