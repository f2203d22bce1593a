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

/** The form's values from the fields a browser copy kept (useFormDraft). */
export function blogValuesFromFields(fields: [string, string][], fallback: BlogEditorValues): BlogEditorValues {
  const sent = new Map(fields);
  const text = (name: keyof BlogEditorValues) => sent.get(name) ?? String(fallback[name]);
  const status = sent.get("status");
  return {
    title: text("title"),
    slug: text("slug"),
    content: text("content"),
    headImage: text("headImage"),
    excerpt: text("excerpt"),
    durationMinutes: text("durationMinutes"),
    uploadDate: text("uploadDate"),
    status: status === "published" || status === "draft" ? status : fallback.status,
    seoTitle: text("seoTitle"),
    seoDescription: text("seoDescription"),
  };
}
