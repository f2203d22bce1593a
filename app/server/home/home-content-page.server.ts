import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { faqListInputSchema, heroInputSchema, homeCardsInputSchema, reviewListInputSchema } from "~/lib/home-content-schema";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import type { z } from "zod";
import { HOME_SECTIONS } from "~/lib/home-sections";
import type { EditConflict } from "~/lib/revisions";
import { FAILED_NOTICE, type EditorActionResult } from "~/server/content/editor-actions.server";
import { formatDateTime } from "~/lib/admin-format";
import { fallbackUrl } from "~/lib/media";
import { restoringNotice, revisionToRestore, siteDocumentHistory } from "~/server/content/site-document-history.server";
import { getMediaByKeys } from "~/server/media/media.server";
import {
  HOME_DOCUMENT_LABELS,
  HOME_DOCUMENT_TYPES,
  loadHomeLists,
  saveHomeDocuments,
  type HeroDocument,
  type HomeDocumentSave,
  type HomeDocumentType,
} from "./home-content.server";

const HOME_CONTENT_PATH = "/admin/site/home";

/** A refused save: field errors, or a conflict with what "Overwrite with mine" sends (`overwrite`). */
export type HomeContentActionData = EditorActionResult & { overwrite?: string };

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
    /** The page's last save (any of its documents): the save bar's "Saved …", and what a browser copy must be newer than. */
    storedAt: history[0]?.at ?? null,
    savedAt: history[0] ? formatDateTime(history[0].at) : null,
  };
}

const SAVED_WORDS: Record<HomeDocumentType, string> = {
  "home-hero": "the hero and intro",
  "home-cards": "the cards and steps",
  "home-faqs": "the FAQ",
  "home-reviews": "the reviews",
};

/** "Overwrite with mine" names the version of each document the conflict showed: `home-faqs:7,home-reviews:3`. */
function overwriteVersions(value: FormDataEntryValue | null): Partial<Record<HomeDocumentType, number>> {
  const versions: Partial<Record<HomeDocumentType, number>> = {};
  for (const part of String(value ?? "").split(",")) {
    const [type, version] = part.split(":");
    if ((HOME_DOCUMENT_TYPES as readonly string[]).includes(type ?? "") && /^\d{1,9}$/.test(version ?? ""))
      versions[type as HomeDocumentType] = Number(version);
  }
  return versions;
}

const whole = (value: FormDataEntryValue | null) => (typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : undefined);

/** The home screen's conflicts as one notice: who changed the page last, and every field that differs. */
function conflictAnswer(conflicts: (EditConflict & { type: HomeDocumentType })[]) {
  const latest = conflicts.reduce((a, b) => (a.at >= b.at ? a : b));
  const conflict: EditConflict & { intent: "save" } = {
    ...latest,
    theirChanges: conflicts.every((entry) => entry.theirChanges) ? conflicts.flatMap((entry) => entry.theirChanges ?? []) : null,
    differing: conflicts.flatMap((entry) => entry.differing),
    current: {},
    intent: "save",
  };
  const overwrite = conflicts.map((entry) => `${entry.type}:${entry.version}`).join(",");
  return data<HomeContentActionData>({ errors: {}, notice: "", conflict, overwrite }, { status: 409 });
}

/**
 * Saves the home content screen's one form (ADR 110): every section is
 * checked, so all invalid fields come back at once (400); then every document
 * that changed is saved in one write with one version check (409 names every
 * document someone else changed), and the editor opens again on its section.
 */
export async function handleHomeContentAction(request: Request, viewer: Viewer, ip?: string) {
  const formData = await request.formData();
  const overwrite = overwriteVersions(formData.get("overwrite"));
  const expected = (type: HomeDocumentType, field: string) => overwrite[type] ?? whole(formData.get(field));
  const errors: Record<string, string[] | null> = {};
  const saves: HomeDocumentSave[] = [];
  const parse = <S extends z.ZodType>(schema: S, save: (value: z.infer<S>) => HomeDocumentSave) => {
    const submission = parseWithZod(formData, { schema });
    if (submission.status === "success") saves.push(save(submission.value));
    else Object.assign(errors, submission.reply().error ?? {});
  };
  parse(heroInputSchema, (input) => ({ type: "home-hero", input, expectedVersion: expected("home-hero", "heroVersion") }));
  parse(homeCardsInputSchema, (input) => ({ type: "home-cards", input, expectedVersion: expected("home-cards", "cardsVersion") }));
  parse(faqListInputSchema, (input) => ({ type: "home-faqs", input: input.faqs, expectedVersion: expected("home-faqs", "faqVersion") }));
  parse(reviewListInputSchema, (input) => ({ type: "home-reviews", input: input.reviews, expectedVersion: expected("home-reviews", "reviewVersion") }));
  if (Object.values(errors).some((messages) => messages?.length)) return data<HomeContentActionData>({ errors, notice: FAILED_NOTICE }, { status: 400 });

  const result = await saveHomeDocuments(saves, { viewer, ip });
  if (!result.ok) {
    if (result.conflicts) return conflictAnswer(result.conflicts);
    return data<HomeContentActionData>({ errors: result.errors, notice: FAILED_NOTICE }, { status: 400 });
  }
  const section = String(formData.get("section") ?? "");
  const fragment = section !== "hero" && HOME_SECTIONS.some((known) => known.id === section) ? `#${section}` : "";
  const saved = result.saved.map((type) => SAVED_WORDS[type]);
  const message =
    saved.length === 0
      ? "Nothing new to save: the home page already shows what is in the form."
      : `Saved ${saved.length > 1 ? `${saved.slice(0, -1).join(", ")} and ${saved.at(-1)}` : saved[0]}. The home and contact pages show ${saved.length > 1 ? "them" : "it"} now.`;
  return redirectWithNotice(`${HOME_CONTENT_PATH}${fragment}`, { kind: "success", message: message.charAt(0).toUpperCase() + message.slice(1) });
}
