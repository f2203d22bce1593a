import { z } from "zod";
import { toSingleLine } from "./single-line";

/** A legal page as its editor saves it (ADR 041): one schema for the form and the action. */
export const legalPageInputSchema = z.object({
  body: z.string({ error: "Write the page." }).trim().min(1, "Write the page.").max(200_000, "The page is too long."),
  /** Empty: today's date, set when it is saved. */
  lastUpdated: z.preprocess(toSingleLine, z.string().trim().max(40, "At most 40 characters.")).optional(),
  seoDescription: z.preprocess(toSingleLine, z.string().trim().max(320, "At most 320 characters.")).optional(),
});

export type LegalPageInput = z.infer<typeof legalPageInputSchema>;

/** "24 November 2026": how "Last updated" reads when the save sets it (Indian date). */
export function lastUpdatedToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" }).format(now);
}

/** The editor's fields as text ("lastUpdated" empty: set on save). */
export type LegalEditorValues = { body: string; lastUpdated: string; seoDescription: string };
