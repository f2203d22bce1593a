import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { HeroForm } from "~/components/admin/home/hero-form";
import { FaqForm, HomeCardsForm, ReviewsForm } from "~/components/admin/home/home-lists";
import { fallbackUrl } from "~/lib/media";
import { keepFormOnFailure, skipRevalidationAfterFailure, withoutSaveFailure } from "~/lib/save-failure";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handleHomeListsAction } from "~/server/home/home-content-page.server";
import { loadHomeLists } from "~/server/home/home-content.server";
import { getMediaByKeys } from "~/server/media/media.server";
import type { Route } from "./+types/home-content";

/** The home page's hero and intro, cards, FAQ and traveller reviews (ADR 041, 044): editors and admins. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditContent });
  const lists = await loadHomeLists();
  const photo = (await getMediaByKeys([lists.hero.image]))[lists.hero.image];
  return {
    ...lists,
    hero: { ...lists.hero, imageUrl: photo ? fallbackUrl(photo, 400) : "" },
    reviews: lists.reviews.map((review) => ({ ...review, rating: String(review.rating) })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canEditContent });
  return handleHomeListsAction(request, viewer, context.clientIp);
}

/** A save that cannot reach the server keeps the lists as typed, with Retry (ADR 040). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormOnFailure(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = () => adminMeta("Home page content");

export default function HomeContentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { hero, heroVersion, cards, cardsVersion, faqs, reviews, faqVersion, reviewVersion } = loaderData;
  const answer = withoutSaveFailure(actionData);
  return (
    <AdminPage title="Home page content" lead="The hero and intro, Why Choose Us, the process steps, the FAQ (home and contact pages) and the traveller reviews. A save is live at once.">
      <HeroForm key={`hero:${heroVersion}`} initial={hero} version={heroVersion} actionData={answer?.list === "hero" ? answer : undefined} />
      <HomeCardsForm key={`cards:${cardsVersion}`} initial={cards} version={cardsVersion} actionData={answer?.list === "cards" ? answer : undefined} />
      <FaqForm key={`faqs:${faqVersion}`} initial={faqs} version={faqVersion} actionData={answer?.list === "faqs" ? answer : undefined} />
      <ReviewsForm key={`reviews:${reviewVersion}`} initial={reviews} version={reviewVersion} actionData={answer?.list === "reviews" ? answer : undefined} />
    </AdminPage>
  );
}
