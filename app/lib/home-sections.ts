import { structuredFields } from "./form-fields";
import type { FaqFormItem, HomeCardFormItem, ReviewFormItem } from "./home-content-schema";

/**
 * The Home page editor's sections (ADR 110, after the package editor's ADR 038):
 * one form, one shown at a time, each section one of the screen's documents.
 */
export const HOME_SECTIONS = [
  { id: "hero", title: "Hero and intro", type: "home-hero" },
  { id: "cards", title: "Why Choose Us and the process", type: "home-cards" },
  { id: "faqs", title: "FAQ", type: "home-faqs" },
  { id: "reviews", title: "Traveller reviews", type: "home-reviews" },
] as const;

export type HomeSectionId = (typeof HOME_SECTIONS)[number]["id"];

/** The section a document's revision belongs to (History's "Restore this version" opens it). */
export function homeSectionOfType(type: string): HomeSectionId | null {
  return HOME_SECTIONS.find((section) => section.type === type)?.id ?? null;
}

/** The section holding a posted field: `faqs[2].question` → faqs, `process[0].body` → cards, `intro` → hero. */
export function homeSectionOfField(name: string): HomeSectionId {
  if (name.startsWith("faqs")) return "faqs";
  if (name.startsWith("reviews")) return "reviews";
  if (name.startsWith("whyChooseUs") || name.startsWith("process")) return "cards";
  return "hero";
}

/** The screen's values as its form starts from them: every field as text. */
export type HomeEditorValues = {
  hero: { headline: string; subheadline: string; image: string; imageAlt: string; imageUrl: string; intro: string };
  cards: { whyChooseUs: HomeCardFormItem[]; process: HomeCardFormItem[] };
  faqs: FaqFormItem[];
  reviews: ReviewFormItem[];
};

const text = (value: unknown) => (typeof value === "string" ? value : "");
const list = <T>(value: unknown, item: (row: Record<string, unknown>) => T): T[] =>
  Array.isArray(value) ? value.filter((row): row is Record<string, unknown> => typeof row === "object" && row !== null).map(item) : [];

/**
 * The values a browser copy kept (conform's names, as text), for the editor to
 * start again from. The hero photo's preview is the stored one when the copy
 * kept the same photo.
 */
export function homeValuesFromFields(fields: [string, string][], stored: HomeEditorValues): HomeEditorValues {
  const sent = structuredFields(fields);
  const card = (row: Record<string, unknown>): HomeCardFormItem => ({ title: text(row.title), body: text(row.body), icon: text(row.icon) });
  const image = text(sent.image);
  return {
    hero: {
      headline: text(sent.headline),
      subheadline: text(sent.subheadline),
      image,
      imageAlt: text(sent.imageAlt),
      imageUrl: image === stored.hero.image ? stored.hero.imageUrl : "",
      intro: text(sent.intro),
    },
    cards: { whyChooseUs: list(sent.whyChooseUs, card), process: list(sent.process, card) },
    faqs: list(sent.faqs, (row) => ({
      question: text(row.question),
      answer: text(row.answer),
      pages: row.pages === "home" || row.pages === "contact" ? row.pages : "both",
    })),
    reviews: list(sent.reviews, (row) => ({ name: text(row.name), location: text(row.location), comment: text(row.comment), rating: text(row.rating) })),
  };
}

export type HomeRowCounts = { questions: number; reviews: number };

/** How many questions and reviews the form holds, from its field names. */
export function homeRowCounts(names: Iterable<string>): HomeRowCounts {
  const counts = { questions: 0, reviews: 0 };
  for (const name of names) {
    if (/^faqs\[\d+\]\.question$/.test(name)) counts.questions += 1;
    else if (/^reviews\[\d+\]\.name$/.test(name)) counts.reviews += 1;
  }
  return counts;
}

/** The navigation's badges: "12 questions", "16 reviews". */
export function homeSectionBadges({ questions, reviews }: HomeRowCounts): Partial<Record<HomeSectionId, { text: string; warning: boolean }>> {
  const count = (n: number, one: string, many: string) => ({ text: `${n} ${n === 1 ? one : many}`, warning: false });
  return { faqs: count(questions, "question", "questions"), reviews: count(reviews, "review", "reviews") };
}
