import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { HomeEditor } from "~/components/admin/home/home-editor";
import { keepFormOnFailure, skipRevalidationAfterFailure, withoutSaveFailure } from "~/lib/save-failure";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handleHomeContentAction, loadHomeContentScreen } from "~/server/home/home-content-page.server";
import type { Route } from "./+types/home-content";

/** The home page's hero and intro, cards, FAQ and traveller reviews, in one editor with their History (ADR 041, 044, 110): editors and admins. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditContent });
  return loadHomeContentScreen(new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canEditContent });
  return handleHomeContentAction(request, viewer, context.clientIp);
}

/** A save that cannot reach the server (or hangs for 20 s) keeps the page as typed, with Retry (ADR 040). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormOnFailure(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = () => adminMeta("Home page content");

export default function HomeContentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { hero, heroVersion, cards, cardsVersion, faqs, reviews, faqVersion, reviewVersion, history, restoring, savedAt, storedAt } = loaderData;
  const versions = { hero: heroVersion, cards: cardsVersion, faqs: faqVersion, reviews: reviewVersion };
  return (
    <AdminPage
      title="Home page content"
      lead="The hero and intro, Why Choose Us, the process steps, the FAQ (home and contact pages) and the traveller reviews. One save keeps every section; it is live at once."
    >
      {/* A save (or a restored version) starts the editor again from what is stored; a refused save keeps it as typed (4xx does not reload). */}
      <HomeEditor
        key={`${Object.values(versions).join(":")}:${restoring?.id ?? ""}`}
        values={{ hero, cards, faqs, reviews }}
        versions={versions}
        history={history}
        restoring={restoring}
        savedAt={savedAt}
        storedAt={storedAt}
        actionData={withoutSaveFailure(actionData)}
      />
    </AdminPage>
  );
}
