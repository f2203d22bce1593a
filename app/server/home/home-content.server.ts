import { and, asc, eq } from "drizzle-orm";
import { changedFields, type ContentDocument } from "~/lib/content-fields";
import type { FaqItem, HeroInput, HomeCardsInput, ReviewItem } from "~/lib/home-content-schema";
import type { EditConflict } from "~/lib/revisions";
import { describeConflict, documentAtVersion } from "~/server/content/conflicts.server";
import { ContentWriteAbort, writeContent, type ContentWriteContext } from "~/server/content/content-write.server";
import { lastRevision } from "~/server/content/revisions.server";
import { getDb, type Db } from "~/server/db/db.server";
import { faqs, homeCards, media, siteSettings, testimonials } from "~/server/db/schema.server";
import { getImageAlts, setImageAlts } from "~/server/media/media-alt.server";

/** The home screen's four documents, each with its own History entries (ADR 044). */
export const HOME_DOCUMENT_TYPES = ["home-hero", "home-cards", "home-faqs", "home-reviews"] as const;
export type HomeDocumentType = (typeof HOME_DOCUMENT_TYPES)[number];

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

/** One of the home screen's documents as sent, with the version its editor loaded. */
export type HomeDocumentSave = (
  | { type: "home-hero"; input: HeroInput }
  | { type: "home-cards"; input: HomeCardsInput }
  | { type: "home-faqs"; input: FaqItem[] }
  | { type: "home-reviews"; input: ReviewItem[] }
) & { expectedVersion?: number };

export type HomeSaveResult =
  | { ok: true; saved: HomeDocumentType[]; versions: Partial<Record<HomeDocumentType, number>> }
  | { ok: false; conflicts: (EditConflict & { type: HomeDocumentType })[] }
  | { ok: false; conflicts?: undefined; errors: Record<string, string[]> };

type DocumentSpec = { read: (tx: Db) => Promise<ContentDocument>; write: (tx: Db) => Promise<void>; mine: ContentDocument };

function specOf(save: HomeDocumentSave): DocumentSpec {
  switch (save.type) {
    case "home-faqs": {
      const items = save.input;
      return {
        read: faqDocument,
        write: async (tx) => {
          await tx.delete(faqs);
          if (items.length) await tx.insert(faqs).values(items.map((item, index) => ({ ...item, sortOrder: index + 1 })));
        },
        mine: { faqs: items },
      };
    }
    case "home-reviews": {
      const items = save.input.map((item) => ({ ...item, location: item.location ?? "" }));
      return {
        read: reviewDocument,
        write: async (tx) => {
          await tx.delete(testimonials);
          if (items.length) await tx.insert(testimonials).values(items.map((item, index) => ({ ...item, sortOrder: index + 1 })));
        },
        mine: { reviews: items },
      };
    }
    case "home-hero": {
      const input = save.input;
      return {
        read: heroDocument,
        write: async (tx) => {
          const [photo] = await tx
            .select({ key: media.key })
            .from(media)
            .where(and(eq(media.key, input.image), eq(media.kind, "image")));
          if (!photo)
            throw new ContentWriteAbort<HomeSaveResult>({ ok: false, errors: { image: ["Choose a photo from the uploads: this one was not found."] } });
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
        mine: { ...input },
      };
    }
    case "home-cards": {
      const input = save.input;
      return {
        read: cardsDocument,
        write: async (tx) => {
          await tx.delete(homeCards);
          await tx
            .insert(homeCards)
            .values([
              ...input.whyChooseUs.map((card, index) => ({ ...card, section: "why-choose-us" as const, sortOrder: index + 1 })),
              ...input.process.map((card, index) => ({ ...card, section: "process" as const, sortOrder: index + 1 })),
            ]);
        },
        mine: { ...input },
      };
    }
  }
}

const sameDocument = (type: HomeDocumentType, a: ContentDocument, b: ContentDocument) => changedFields(type, a, b).length === 0;

/**
 * Saves the home screen's documents in ONE content write (ADR 041, 110): each
 * one sent that differs from what is stored replaces it whole, with a revision
 * and an activity entry of its own, and the content version (the home and
 * contact pages follow at the next request). One check covers them all: a
 * document someone else saved since the editor loaded it is refused with what
 * changed, unless it was sent as it was loaded (left alone here: their change
 * stays). One refusal rolls back every document.
 */
export function saveHomeDocuments(saves: HomeDocumentSave[], ctx: ContentWriteContext): Promise<HomeSaveResult> {
  // Always in the same order, so two saves lock the tables alike.
  const ordered = [...saves].sort((a, b) => HOME_DOCUMENT_TYPES.indexOf(a.type) - HOME_DOCUMENT_TYPES.indexOf(b.type));
  return writeContent<HomeSaveResult>(ctx, async (tx) => {
    const conflicts: (EditConflict & { type: HomeDocumentType })[] = [];
    const toWrite: { type: HomeDocumentType; spec: DocumentSpec; version: number; previous: ContentDocument }[] = [];
    for (const save of ordered) {
      const { type, expectedVersion } = save;
      const spec = specOf(save);
      // One writer at a time per document: the lock is taken on its table.
      await tx.execute(`lock table ${LOCKED_TABLE[type]} in share row exclusive mode`);
      const version = await listVersion(tx, type);
      const previous = await spec.read(tx);
      if (sameDocument(type, previous, spec.mine)) continue;
      if (expectedVersion !== undefined && expectedVersion !== version) {
        const base = await documentAtVersion(tx, type, "home", expectedVersion);
        if (base && sameDocument(type, base, spec.mine)) continue;
        const last = await lastRevision(tx, type, "home");
        const at = { type, id: "home", baseVersion: expectedVersion, version, updatedAt: last?.createdAt ?? new Date() };
        conflicts.push({ ...(await describeConflict(tx, at, previous, spec.mine)), type });
        continue;
      }
      toWrite.push({ type, spec, version, previous });
    }
    if (conflicts.length > 0) throw new ContentWriteAbort<HomeSaveResult>({ ok: false, conflicts });
    const revisions = [];
    for (const { type, spec, version, previous } of toWrite) {
      await spec.write(tx);
      revisions.push({ type, id: "home", version: version + 1, kind: "updated" as const, label: HOME_LABELS[type], document: await spec.read(tx), previous });
    }
    return {
      result: { ok: true, saved: toWrite.map((entry) => entry.type), versions: Object.fromEntries(toWrite.map((entry) => [entry.type, entry.version + 1])) },
      revisions,
      activity: toWrite.map(({ type }) => ({ kind: HOME_ACTIVITY[type], subject: { type: "home", id: type, label: HOME_LABELS[type] } })),
    };
  });
}
