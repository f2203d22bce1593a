import { z } from "zod";
import { cleanReviewText, hasLink, REVIEW_BODY_MAX, REVIEW_NO_LINKS, REVIEW_REPLY_MAX, REVIEW_TITLE_MAX } from "./review";

/**
 * The review form's one schema and the team's reply (issue 48, ADR 116), used
 * by the server's action and the moderation screen's action. Apart from
 * review.ts so that the pages showing reviews load no zod.
 */

const cleaned = (label: string, min: number, max: number) =>
  z
    .string({ error: `Write a ${label}.` })
    // The limit is on what was typed: a longer text is refused, never cut.
    .max(max, `Keep the ${label} to ${max.toLocaleString("en-IN")} characters.`)
    .transform(cleanReviewText)
    .pipe(
      z
        .string()
        .min(min, min > 1 ? `Write a ${label} of at least ${min} characters.` : `Write a ${label}.`)
        .refine((value) => !hasLink(value), REVIEW_NO_LINKS),
    );

/** The review form: stars 1–5 (a radio group), a title, the text. */
export const reviewInputSchema = z.object({
  stars: z
    .string({ error: "Choose from 1 to 5 stars." })
    .regex(/^[1-5]$/, "Choose from 1 to 5 stars.")
    .transform(Number),
  title: cleaned("title", 1, REVIEW_TITLE_MAX),
  body: cleaned("review", 20, REVIEW_BODY_MAX),
});
export type ReviewInput = z.output<typeof reviewInputSchema>;

/** The team's reply under a published review. */
export const reviewReplySchema = z.object({
  reply: z
    .string()
    .max(REVIEW_REPLY_MAX, `Keep the reply to ${REVIEW_REPLY_MAX.toLocaleString("en-IN")} characters.`)
    .transform(cleanReviewText),
});
