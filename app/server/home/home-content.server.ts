import { and, asc, eq } from "drizzle-orm";
import type { ContentDocument } from "~/lib/content-fields";
import type { FaqItem, HeroInput, HomeCardsInput, ReviewItem } from "~/lib/home-content-schema";
import type { EditConflict } from "~/lib/revisions";
import { describeConflict } from "~/server/content/conflicts.server";
import { ContentWriteAbort, writeContent, type ContentWriteContext } from "~/server/content/content-write.server";
import { lastRevision } from "~/server/content/revisions.server";
import { getDb, type Db } from "~/server/db/db.server";
import { faqs, homeCards, media, siteSettings, testimonials } from "~/server/db/schema.server";
import { getImageAlts, setImageAlts } from "~/server/media/media-alt.server";

/** The home screen's four documents, each with its own History entries (ADR 044). */
export const HOME_DOCUMENT_TYPES = ["home-hero", "home-cards", "home-faqs", "home-reviews"] as const;
export type HomeDocumentType = (typeof HOME_DOCUMENT_TYPES)[number];

export type ListWriteResult =
  | { ok: true; version: number }
  | { ok: false; conflict: EditConflict }
  | { ok: false; conflict?: undefined; errors: Record<string, string[]> };

const HOME_LABELS: Record<HomeDocumentType, string> = {
  "home-faqs": "FAQ",
  "home-reviews": "Traveller reviews",
  "home-hero": "Home page hero",
  "home-cards": "Why Choose Us and the process",
};
const HOME_ACTIVITY = {
  "home-faqs": "home.faqs-updated",
  "home-reviews": "home.reviews-updated",
  "home-hero": "home.hero-updated",
  "home-cards": "home.cards-updated",
} as const;
const LOCKED_TABLE: Record<HomeDocumentType, string> = {
  "home-faqs": "faqs",
  "home-reviews": "testimonials",
  "home-hero": "site_settings",
  "home-cards": "home_cards",
};

/** A list's version: its last revision's (1 before the first recorded save). */
export async function listVersion(db: Db, type: HomeDocumentType): Promise<number> {
  return (await lastRevision(db, type, "home"))?.version ?? 1;
}

async function faqDocument(db: Db): Promise<ContentDocument> {
  const rows = await db.select().from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.id));
  return { faqs: rows.map(({ question, answer, pages }) => ({ question, answer, pages })) };
}

async function reviewDocument(db: Db): Promise<ContentDocument> {
  const rows = await db.select().from(testimonials).orderBy(asc(testimonials.sortOrder), asc(testimonials.id));
  return { reviews: rows.map(({ name, location, comment, rating }) => ({ name, location, comment, rating })) };
}

export type HeroDocument = { headline: string; subheadline: string; image: string; imageAlt: string; intro: string };

/** The hero and the intro as one document: its revisions restore the photo choice and the highlights too. */
async function heroDocument(db: Db): Promise<ContentDocument> {
  const [row] = await db
    .select({
      headline: siteSettings.heroHeadline,
      subheadline: siteSettings.heroSubheadline,
      image: siteSettings.heroMediaKey,
      intro: siteSettings.introParagraph,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  const image = row?.image ?? "";
  const alts = await getImageAlts(db, [image]);
  return {
    headline: row?.headline ?? "",
    subheadline: row?.subheadline ?? "",
    image,
    imageAlt: alts[image] ?? "",
    intro: row?.intro ?? "",
  } satisfies HeroDocument;
}

async function cardsDocument(db: Db): Promise<ContentDocument> {
  const rows = await db.select().from(homeCards).orderBy(asc(homeCards.sortOrder), asc(homeCards.id));
  const of = (section: "why-choose-us" | "process") => rows.filter((row) => row.section === section).map(({ title, body, icon }) => ({ title, body, icon }));
  return { whyChooseUs: of("why-choose-us"), process: of("process") };
}

/** One of the home screen's documents as its revisions store it (History compares and restores these). */
export function homeDocument(db: Db, type: HomeDocumentType): Promise<ContentDocument> {
  const read = { "home-faqs": faqDocument, "home-reviews": reviewDocument, "home-hero": heroDocument, "home-cards": cardsDocument }[type];
  return read(db);
}

export const HOME_DOCUMENT_LABELS = HOME_LABELS;

/** The hero and the intro as the home page shows them. */
export async function getHeroContent(): Promise<HeroDocument> {
  return (await heroDocument(getDb())) as HeroDocument;
}

/** The hero, the FAQ and the reviews as the home content screen edits them, with their versions. */
export async function loadHomeLists() {
  const db = getDb();
  const [faqDoc, reviewDoc, faqVersion, reviewVersion, hero, heroVersion] = await Promise.all([
    faqDocument(db),
    reviewDocument(db),
    listVersion(db, "home-faqs"),
    listVersion(db, "home-reviews"),
    heroDocument(db),
    listVersion(db, "home-hero"),
  ]);
  const [cards, cardsVersion] = await Promise.all([cardsDocument(db), listVersion(db, "home-cards")]);
  return {
    cards: cards as { whyChooseUs: { title: string; body: string; icon: string }[]; process: { title: string; body: string; icon: string }[] },
    cardsVersion,
    hero: hero as HeroDocument,
    heroVersion,
    faqs: faqDoc.faqs as { question: string; answer: string; pages: "both" | "home" | "contact" }[],
    reviews: reviewDoc.reviews as { name: string; location: string; comment: string; rating: number }[],
    faqVersion,
    reviewVersion,
  };
}

/**
 * Replaces a whole list in one content write (ADR 041): its rows in the order
 * sent, a revision of the list, activity, and the content version (the home and
 * contact pages follow at the next request). A save based on an older version
 * of the list is refused with what changed.
 */
async function replaceList(
  ctx: ContentWriteContext,
  type: HomeDocumentType,
  expectedVersion: number | undefined,
  read: (tx: Db) => Promise<ContentDocument>,
  write: (tx: Db) => Promise<void>,
  mine: ContentDocument,
): Promise<ListWriteResult> {
  return writeContent<ListWriteResult>(ctx, async (tx) => {
    // One writer at a time per document: the lock is taken on its table.
    await tx.execute(`lock table ${LOCKED_TABLE[type]} in share row exclusive mode`);
    const version = await listVersion(tx, type);
    const previous = await read(tx);
    if (expectedVersion !== undefined && expectedVersion !== version) {
      const last = await lastRevision(tx, type, "home");
      const at = { type, id: "home", baseVersion: expectedVersion, version, updatedAt: last?.createdAt ?? new Date() };
      throw new ContentWriteAbort<ListWriteResult>({ ok: false, conflict: await describeConflict(tx, at, previous, mine) });
    }
    await write(tx);
    const label = HOME_LABELS[type];
    return {
      result: { ok: true, version: version + 1 },
      revisions: [{ type, id: "home", version: version + 1, kind: "updated", label, document: await read(tx), previous }],
      activity: [{ kind: HOME_ACTIVITY[type], subject: { type: "home", id: type, label } }],
    };
  });
}

export function saveFaqs(items: FaqItem[], ctx: ContentWriteContext, options: { expectedVersion?: number } = {}) {
  return replaceList(
    ctx,
    "home-faqs",
    options.expectedVersion,
    faqDocument,
    async (tx) => {
      await tx.delete(faqs);
      if (items.length) await tx.insert(faqs).values(items.map((item, index) => ({ ...item, sortOrder: index + 1 })));
    },
    { faqs: items },
  );
}

export function saveReviews(items: ReviewItem[], ctx: ContentWriteContext, options: { expectedVersion?: number } = {}) {
  return replaceList(
    ctx,
    "home-reviews",
    options.expectedVersion,
    reviewDocument,
    async (tx) => {
      await tx.delete(testimonials);
      if (items.length) await tx.insert(testimonials).values(items.map((item, index) => ({ ...item, location: item.location ?? "", sortOrder: index + 1 })));
    },
    { reviews: items.map((item) => ({ ...item, location: item.location ?? "" })) },
  );
}

export function saveHero(input: HeroInput, ctx: ContentWriteContext, options: { expectedVersion?: number } = {}) {
  return replaceList(
    ctx,
    "home-hero",
    options.expectedVersion,
    heroDocument,
    async (tx) => {
      const [photo] = await tx
        .select({ key: media.key })
        .from(media)
        .where(and(eq(media.key, input.image), eq(media.kind, "image")));
      if (!photo) throw new ContentWriteAbort<ListWriteResult>({ ok: false, errors: { image: ["Choose a photo from the uploads: this one was not found."] } });
      await tx
        .update(siteSettings)
        .set({
          heroHeadline: input.headline,
          heroSubheadline: input.subheadline,
          heroMediaKey: input.image,
          introParagraph: input.intro,
          updatedAt: new Date(),
        })
        .where(eq(siteSettings.id, 1));
      await setImageAlts(tx, [{ key: input.image, alt: input.imageAlt }], [input.image]);
    },
    { ...input },
  );
}

export function saveHomeCards(input: HomeCardsInput, ctx: ContentWriteContext, options: { expectedVersion?: number } = {}) {
  return replaceList(
    ctx,
    "home-cards",
    options.expectedVersion,
    cardsDocument,
    async (tx) => {
      await tx.delete(homeCards);
      await tx
        .insert(homeCards)
        .values([
          ...input.whyChooseUs.map((card, index) => ({ ...card, section: "why-choose-us" as const, sortOrder: index + 1 })),
          ...input.process.map((card, index) => ({ ...card, section: "process" as const, sortOrder: index + 1 })),
        ]);
    },
    { ...input },
  );
}
