import { z } from "zod";

/**
 * The alt texts the package editor's Photos section sends with a save, one per
 * media file (imageAlts[n].key / imageAlts[n].alt). Alt text belongs to the
 * file in the media table, so the same photo says the same thing wherever it
 * is used. Parsed from the same form as the package, beside packageInputSchema.
 */
export const imageAltsInputSchema = z.object({
  imageAlts: z
    .array(
      z.object({
        key: z.string().trim().min(1).max(500),
        alt: z.string().trim().max(300, "Alt text is at most 300 characters.").default(""),
      }),
    )
    .max(61)
    .default([]),
});

export type ImageAlt = z.output<typeof imageAltsInputSchema>["imageAlts"][number];
