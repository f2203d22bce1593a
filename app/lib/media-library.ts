import { z } from "zod";

/**
 * The media library's shapes (issue 21 §4, ADR 043), shared by the page, its
 * actions, the picker's JSON route and the upload field. Isomorphic.
 */

/** An image's alt text: one text per file, shown wherever the file is used. */
export const ALT_MAX = 300;
export const altTextSchema = z.string().trim().max(ALT_MAX, `Alt text is at most ${ALT_MAX} characters.`);

/** What the library lists: every image, or those nothing uses, or those without alt text. */
export const LIBRARY_FILTERS = ["all", "unused", "no-alt"] as const;
type LibraryFilter = (typeof LIBRARY_FILTERS)[number];
export const LIBRARY_FILTER_LABELS: Record<LibraryFilter, string> = { all: "All images", unused: "Unused", "no-alt": "No alt text" };

/** The library's search (a GET form: the state lives in the URL). */
export const librarySearchSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  filter: z.enum(LIBRARY_FILTERS).catch("all"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type LibrarySearch = z.output<typeof librarySearchSchema>;

export function parseLibrarySearch(params: URLSearchParams): LibrarySearch {
  return librarySearchSchema.parse({ q: params.get("q") ?? "", filter: params.get("filter") ?? "all", page: params.get("page") ?? 1 });
}

/** The address of a library (or picker) page for a search. */
export function librarySearchHref(base: string, search: Partial<LibrarySearch>): string {
  const params = new URLSearchParams();
  if (search.q) params.set("q", search.q);
  if (search.filter && search.filter !== "all") params.set("filter", search.filter);
  if (search.page && search.page > 1) params.set("page", String(search.page));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/** The library page's actions: one schema per form, told apart by `intent`. */
export const mediaActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("alt"), id: z.coerce.number().int().positive(), alt: altTextSchema }),
  z.object({ intent: z.literal("delete"), id: z.coerce.number().int().positive() }),
  z.object({
    intent: z.literal("replace"),
    id: z.coerce.number().int().positive(),
    /** The media key of the new file, uploaded first through /api/uploads. */
    upload: z
      .string()
      .trim()
      .regex(/^upload-[A-Za-z0-9_-]{1,200}$/, "Upload the new file first."),
  }),
]);

/** One place an image is used, with the address of its editor. */
export type MediaUse = {
  /** "Bali 7D/6N (gallery)". */
  label: string;
  href: string;
};

/** One image as the library and the picker show it. */
export type LibraryItem = {
  id: number;
  key: string;
  name: string;
  alt: string;
  width: number;
  height: number;
  /** Bytes of the uploaded original; null for the site's own (seeded) photos. */
  bytes: number | null;
  uploader: string | null;
  /** ISO time. */
  createdAt: string;
  /** A small WebP variant for the grid, and a large one for previews. */
  thumbUrl: string;
  url: string;
  uses: MediaUse[];
  /** Whether the file was uploaded (only uploads can be deleted; seeded photos are credited at /credits). */
  uploaded: boolean;
};

export type LibraryPage = { items: LibraryItem[]; total: number; page: number; pages: number; search: LibrarySearch };

/** Items per page of the library and the picker. */
export const LIBRARY_PAGE_SIZE = 24;

/** The library page. */
export const MEDIA_LIBRARY_PATH = "/admin/media";

/** The picker's JSON route (admin only, access-checked). */
export const LIBRARY_JSON_PATH = "/admin/media/library.json";

/** "2.4 MB", "830 KB". */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return "";
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
