import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { ReviewQueue } from "~/components/admin/reviews/review-queue";
import type { ReviewStatus } from "~/server/db/schema.server";
import { redirectWithNotice } from "~/server/admin/notice.server";
import { canModerateReviews } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { MODERATION_TABS, moderateReview, moderationActionSchema, moderationQueue } from "~/server/review/review-moderation.server";
import type { Route } from "./+types/reviews";

/** Verified reviews waiting for the team (issue 48, ADR 116): publish, hide, reply; both roles; each action logged. */
const tabOf = (url: string): ReviewStatus => {
  const asked = new URL(url).searchParams.get("status");
  return (MODERATION_TABS as readonly string[]).includes(asked ?? "") ? (asked as ReviewStatus) : "new";
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canModerateReviews });
  const status = tabOf(request.url);
  return { status, ...(await moderationQueue(status)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canModerateReviews });
  const back = `/admin/reviews?status=${tabOf(request.url)}`;
  const parsed = moderationActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return redirectWithNotice(back, { kind: "error", message: parsed.error.issues[0]?.message ?? "That request was not understood." });
  const done = await moderateReview(parsed.data, viewer, context.clientIp, context.clock.now());
  return redirectWithNotice(back, done ? { kind: "success", message: done } : { kind: "error", message: "That review no longer exists." });
}

export const meta: Route.MetaFunction = () => adminMeta("Reviews");

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Reviews"
      lead="Reviews travellers wrote through the link we e-mail them after their trip. Published ones show on the package page as “Verified traveller” and count in its rating."
    >
      <ReviewQueue status={loaderData.status} counts={loaderData.counts} reviews={loaderData.reviews} />
    </AdminPage>
  );
}
