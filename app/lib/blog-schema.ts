/**
 * The ONE input of a blog write (Zod 4), shared by the editor's form (parsed
 * with `@conform-to/zod/v4` parseWithZod: numbers arrive as strings, empty
 * fields as "missing"), its action and the REST API (ADR 027).
 *
 * Public route components must import only TYPES from here (`import type`), so
 * that Zod never reaches the public pages' JavaScript.
 */
import { z } from "zod";
import { issuesToFields, publishStatusSchema, SLUG_PATTERN } from "./package-schema";
import { readingMinutes } from "./reading-time";

export { readingMinutes } from "./reading-time";
export { issuesToFields };

/** Longest stored HTML: a long article with many images stays far below it. */
const MAX_BLOG_HTML = 200_000;

const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters.`).default("");

export const blogInputSchema = z.object({
  title: z.string({ error: "Title is required." }).trim().min(1, "Title is required.").max(200, "Title must be at most 200 characters."),
  /** Derived from the title when empty; must be free when typed. */
  slug: z
    .string()
    .trim()
    .max(80, "The address must be at most 80 characters.")
    .regex(SLUG_PATTERN, "Use lower-case letters, digits and single hyphens (e.g. street-food-guide).")
    // /blogs/{id} reads a number as the post's id.
    .refine((slug) => !/^\d+$/.test(slug), "Use at least one letter: a number alone reads as a post's id.")
    .optional(),
  /** Rich-text HTML as written; sanitized on save (the stored HTML is the sanitized one). */
  content: z.string().max(MAX_BLOG_HTML, "The article is too long.").default(""),
  /** Media key (or our own image URL) of the head image; missing, "" or null: none. */
  headImage: z
    .string()
    .trim()
    .max(500, "The image reference is too long.")
    .nullish()
    .transform((value) => value || null),
  excerpt: optionalText(600, "Excerpt"),
  /** Reading time; computed from the content's words when missing. */
  durationMinutes: z
    .number({ error: "Enter the reading time in minutes." })
    .int("Enter whole minutes.")
    .min(1, "At least 1 minute.")
    .max(600, "At most 600 minutes.")
    .optional(),
  /** yyyy-mm-dd; a new post defaults to today (Indian date), an update keeps its date. */
  uploadDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "The upload date must be a date (yyyy-mm-dd).")
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "The upload date must be a real date.")
    .optional(),
  status: publishStatusSchema.default("draft"),
  seoTitle: optionalText(120, "SEO title"),
  seoDescription: optionalText(320, "SEO description"),
});

export type BlogInput = z.output<typeof blogInputSchema>;
/** What a caller may send (before defaults). */
export type BlogInputDraft = z.input<typeof blogInputSchema>;

/**
 * The spec's API payload (§7): `{ title, content, headImg }` (headImg a URL or
 * null). Any field of the full input may come along (status, slug…), and the
 * API's own names (`duration`) are read too, so a post read with GET can be
 * sent back with PUT unchanged.
 */
export function apiPayloadToInput(body: Record<string, unknown>): Record<string, unknown> {
  const { headImg, duration, ...rest } = body;
  const input: Record<string, unknown> = { ...rest };
  if (headImg !== undefined) input.headImage = headImg;
  if (duration !== undefined && input.durationMinutes === undefined) input.durationMinutes = duration;
  return input;
}

/** The reading time a post's HTML gets when the author leaves it empty. */
export function defaultDuration(input: Pick<BlogInput, "content" | "durationMinutes">): number {
  return input.durationMinutes ?? readingMinutes(input.content);
}
