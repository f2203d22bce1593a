import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { HistoryPanel } from "~/components/admin/history/history-panel";
import { RestoringNotice } from "~/components/admin/history/restoring-notice";
import { HeroForm } from "~/components/admin/home/hero-form";
import { FaqForm, HomeCardsForm, ReviewsForm } from "~/components/admin/home/home-lists";
import { keepFormOnFailure, skipRevalidationAfterFailure, withoutSaveFailure } from "~/lib/save-failure";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handleHomeListsAction, loadHomeContentScreen } from "~/server/home/home-content-page.server";
import type { Route } from "./+types/home-content";

const PATH = "/admin/site/home";

/** The home page's hero and intro, cards, FAQ and traveller reviews, with their History (ADR 041, 044): editors and admins. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditContent });
  return loadHomeContentScreen(new URL(request.url));
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
  const { hero, heroVersion, cards, cardsVersion, faqs, reviews, faqVersion, reviewVersion, history, restoring } = loaderData;
  const answer = withoutSaveFailure(actionData);
  // A restored version remounts its form with the old values (unsaved until saved).
  const restoredKey = restoring ? `:restore-${restoring.id}` : "";
  return (
    <AdminPage
      title="Home page content"
      lead="The hero and intro, Why Choose Us, the process steps, the FAQ (home and contact pages) and the traveller reviews. A save is live at once."
    >
      {restoring ? <RestoringNotice restoring={restoring} path={PATH} /> : null}
      <HeroForm
        key={`hero:${heroVersion}${restoring?.type === "home-hero" ? restoredKey : ""}`}
        initial={hero}
        version={heroVersion}
        actionData={answer?.list === "hero" ? answer : undefined}
      />
      <HomeCardsForm
        key={`cards:${cardsVersion}${restoring?.type === "home-cards" ? restoredKey : ""}`}
        initial={cards}
        version={cardsVersion}
        actionData={answer?.list === "cards" ? answer : undefined}
      />
      <FaqForm
        key={`faqs:${faqVersion}${restoring?.type === "home-faqs" ? restoredKey : ""}`}
        initial={faqs}
        version={faqVersion}
        actionData={answer?.list === "faqs" ? answer : undefined}
      />
      <ReviewsForm
        key={`reviews:${reviewVersion}${restoring?.type === "home-reviews" ? restoredKey : ""}`}
        initial={reviews}
        version={reviewVersion}
        actionData={answer?.list === "reviews" ? answer : undefined}
      />
      <HistoryPanel history={history} editorPath={PATH} />
    </AdminPage>
  );
}
