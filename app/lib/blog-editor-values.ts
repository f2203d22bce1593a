import type { PublishStatus } from "./content-types";

/**
 * What the blog editor starts from: every field of blogInputSchema as the form
 * shows it (the reading time may be empty: computed from the words on save).
 * Kept free of Zod so the editor's components can import it.
 */
export type BlogEditorValues = {
  title: string;
  slug: string;
  /** Sanitized HTML as stored. */
  content: string;
  /** Media key of the head image; "" when none. */
  headImage: string;
  excerpt: string;
  durationMinutes: string;
  /** yyyy-mm-dd */
  uploadDate: string;
  status: PublishStatus;
  seoTitle: string;
  seoDescription: string;
};

/** A new post: empty, dated `today` (yyyy-mm-dd, Indian date), a draft until published. */
export function emptyBlogValues(today: string): BlogEditorValues {
  return {
    title: "",
    slug: "",
    content: "",
    headImage: "",
    excerpt: "",
    durationMinutes: "",
    uploadDate: today,
    status: "draft",
    seoTitle: "",
    seoDescription: "",
  };
}
