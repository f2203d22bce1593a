import { canModerateReviews } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { answerReviewPhoto } from "~/server/review/review-photo-route.server";
import type { Route } from "./+types/review-photo";

/** GET /admin/reviews/photos/<key>-<width>.webp: any review's photo, for the team moderating it (ADR 118). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, { can: canModerateReviews });
  return answerReviewPhoto(params.file, { staff: true });
}
