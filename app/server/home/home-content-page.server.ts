import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { faqListInputSchema, heroInputSchema, homeCardsInputSchema, reviewListInputSchema } from "~/lib/home-content-schema";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import { conflictData, FAILED_NOTICE, readEditorRequest, type EditorActionResult } from "~/server/content/editor-actions.server";
import { fallbackUrl } from "~/lib/media";
import { restoringNotice, revisionToRestore, siteDocumentHistory } from "~/server/content/site-document-history.server";
import { getMediaByKeys } from "~/server/media/media.server";
import {
  HOME_DOCUMENT_LABELS,
  HOME_DOCUMENT_TYPES,
  loadHomeLists,
  saveFaqs,
  saveHero,
  saveHomeCards,
  saveReviews,
  type HeroDocument,
  type ListWriteResult,
} from "./home-content.server";

const HOME_CONTENT_PATH = "/admin/site/home";

type HomeListsActionData = EditorActionResult & { list: HomeList };
type HomeList = "faqs" | "reviews" | "hero" | "cards";

/**
 * The screen's data: each document as its form starts from it (an older
 * version when History's "Restore this version" named one), with its version,
 * and the History of all four.
 */
export async function loadHomeContentScreen(url: URL) {
  const [lists, history, restore] = await Promise.all([
    loadHomeLists(),
    siteDocumentHistory(HOME_DOCUMENT_TYPES, "home", HOME_DOCUMENT_LABELS),
    revisionToRestore(url, HOME_DOCUMENT_TYPES, "home"),
  ]);
  const old = (restore?.document ?? {}) as Record<string, unknown>;
  const hero = restore?.entityType === "home-hero" ? { ...lists.hero, ...(old as Partial<HeroDocument>) } : lists.hero;
  const photo = (await getMediaByKeys([hero.image]))[hero.image];
  return {
    ...lists,
    hero: { ...hero, imageUrl: photo ? fallbackUrl(photo, 400) : "" },
    cards: restore?.entityType === "home-cards" ? (old as unknown as typeof lists.cards) : lists.cards,
    faqs: restore?.entityType === "home-faqs" ? (old.faqs as typeof lists.faqs) : lists.faqs,
    reviews: (restore?.entityType === "home-reviews" ? (old.reviews as typeof lists.reviews) : lists.reviews).map((review) => ({
      ...review,
      location: review.location ?? "",
      rating: String(review.rating),
    })),
    history,
    restoring: restore ? restoringNotice(restore) : null,
  };
}

/**
 * Saves one list of the home content screen (the form says which): field
 * errors inline (400), a conflict (409), or back to the screen with the notice.
 */
export async function handleHomeListsAction(request: Request, viewer: Viewer, ip?: string) {
  const formData = await request.formData();
  const sent = formData.get("list");
  const list: HomeList = sent === "reviews" || sent === "hero" || sent === "cards" ? sent : "faqs";
  const ctx = { viewer, ip };
  const { options } = readEditorRequest(formData);
  const expectedVersion = options.expectedVersion;
  if (list === "cards") {
    const submission = parseWithZod(formData, { schema: homeCardsInputSchema });
    if (submission.status !== "success")
      return data<HomeListsActionData>({ list, errors: submission.reply().error ?? {}, notice: FAILED_NOTICE }, { status: 400 });
    const result = await saveHomeCards(submission.value, ctx, { expectedVersion });
    if (!result.ok) return listFailure(list, result);
    return redirectWithNotice(HOME_CONTENT_PATH, { kind: "success", message: "Cards and steps saved. The home page shows them now." });
  }
  if (list === "hero") {
    const submission = parseWithZod(formData, { schema: heroInputSchema });
    if (submission.status !== "success")
      return data<HomeListsActionData>({ list, errors: submission.reply().error ?? {}, notice: FAILED_NOTICE }, { status: 400 });
    const result = await saveHero(submission.value, ctx, { expectedVersion });
    if (!result.ok) return listFailure(list, result);
    return redirectWithNotice(HOME_CONTENT_PATH, { kind: "success", message: "Hero and intro saved. The home page shows them now." });
  }
  if (list === "faqs") {
    const submission = parseWithZod(formData, { schema: faqListInputSchema });
    if (submission.status !== "success")
      return data<HomeListsActionData>({ list, errors: submission.reply().error ?? {}, notice: FAILED_NOTICE }, { status: 400 });
    const result = await saveFaqs(submission.value.faqs, ctx, { expectedVersion });
    if (!result.ok) return listFailure(list, result);
    return redirectWithNotice(HOME_CONTENT_PATH, { kind: "success", message: "FAQ saved. The home and contact pages show it now." });
  }
  const submission = parseWithZod(formData, { schema: reviewListInputSchema });
  if (submission.status !== "success")
    return data<HomeListsActionData>({ list, errors: submission.reply().error ?? {}, notice: FAILED_NOTICE }, { status: 400 });
  const result = await saveReviews(submission.value.reviews, ctx, { expectedVersion });
  if (!result.ok) return listFailure(list, result);
  return redirectWithNotice(HOME_CONTENT_PATH, { kind: "success", message: "Reviews saved. The home page shows them now." });
}

/** A refused write: a field the database had to check (400), or a newer version saved meanwhile (409). */
function listFailure(list: HomeList, result: Exclude<ListWriteResult, { ok: true }>) {
  if (!result.conflict) return data<HomeListsActionData>({ list, errors: result.errors, notice: FAILED_NOTICE }, { status: 400 });
  const answer = conflictData(result.conflict, "save");
  return data<HomeListsActionData>({ ...answer.data, list }, answer.init ?? { status: 409 });
}
