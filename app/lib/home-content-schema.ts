import { z } from "zod";
import { toSingleLine } from "./single-line";

/** The home page's FAQ and traveller reviews as the team edits them (ADR 041); one schema each, for form and action. */

export const FAQ_PAGES = ["both", "home", "contact"] as const;
export type FaqPages = (typeof FAQ_PAGES)[number];
export const FAQ_PAGE_LABELS: Record<FaqPages, string> = { both: "Home and contact", home: "Home only", contact: "Contact only" };

const text = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, `At most ${max} characters.`);

export const faqItemSchema = z.object({
  question: z.preprocess(toSingleLine, text(300, "Enter the question.")),
  answer: text(2000, "Enter the answer."),
  pages: z.enum(FAQ_PAGES, { error: "Choose where it shows." }).default("both"),
});

export const faqListInputSchema = z.object({
  faqs: z.array(faqItemSchema).max(60, "At most 60 questions.").default([]),
});

export const reviewItemSchema = z.object({
  name: z.preprocess(toSingleLine, text(80, "Enter the traveller's name.")),
  location: z.preprocess(toSingleLine, z.string().trim().max(80, "At most 80 characters.")).optional(),
  comment: text(1000, "Enter what they said."),
  rating: z.number({ error: "Enter a rating from 1 to 5." }).int("A whole number from 1 to 5.").min(1, "From 1 to 5.").max(5, "From 1 to 5."),
});

export const reviewListInputSchema = z.object({
  reviews: z.array(reviewItemSchema).max(60, "At most 60 reviews.").default([]),
});

export type FaqItem = z.infer<typeof faqItemSchema>;
export type ReviewItem = z.infer<typeof reviewItemSchema>;

/** A list as the form starts from it: every field as text. */
export type FaqFormItem = { question: string; answer: string; pages: FaqPages };
export type ReviewFormItem = { name: string; location: string; comment: string; rating: string };

/**
 * The hero and the intro paragraph under it (ADR 044). The photo is a media
 * key with its alt text (the media row's, so it reads the same wherever the
 * photo is used); the intro marks highlighted words as ==word==.
 */
export const heroInputSchema = z.object({
  headline: z.preprocess(toSingleLine, text(120, "Enter the headline.")),
  subheadline: z.preprocess(toSingleLine, text(240, "Enter the line under the headline.")),
  image: z.string({ error: "Choose a hero photo." }).trim().min(1, "Choose a hero photo.").max(500),
  imageAlt: z.preprocess(toSingleLine, text(300, "Describe the photo for people who cannot see it.")),
  intro: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\s+/g, " ") : value),
    text(1200, "Enter the intro paragraph.").refine(
      (value) => (value.match(/==/g) ?? []).length % 2 === 0,
      "A highlight is not closed: each == needs a second ==.",
    ),
  ),
});

export type HeroInput = z.infer<typeof heroInputSchema>;

/** The site's icon set for home cards (app/components/site/home/home-icon.tsx draws them). */
export const HOME_ICONS = ["suitcase", "route", "compass", "rupee", "phone", "map", "check", "plane"] as const;
export const HOME_ICON_LABELS: Record<(typeof HOME_ICONS)[number], string> = {
  suitcase: "Suitcase",
  route: "Route",
  compass: "Compass",
  rupee: "Rupee",
  phone: "Phone",
  map: "Map",
  check: "Tick",
  plane: "Plane",
};

const homeCardSchema = z.object({
  title: z.preprocess(toSingleLine, text(80, "Enter the title.")),
  body: text(400, "Enter the text."),
  icon: z.enum(HOME_ICONS, { error: "Choose an icon." }),
});

/** Why Choose Us (4 cards) and the process (4 steps): always four of each, as the page lays them out. */
export const homeCardsInputSchema = z.object({
  whyChooseUs: z.array(homeCardSchema).length(4, "Keep four cards."),
  process: z.array(homeCardSchema).length(4, "Keep four steps."),
});

export type HomeCardsInput = z.infer<typeof homeCardsInputSchema>;
export type HomeCardFormItem = { title: string; body: string; icon: string };
