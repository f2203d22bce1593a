import type { ContentDocument, ContentEntityType } from "~/lib/content-fields";

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);

/**
 * The media a stored document refers to: media keys, a brochure's URL, and
 * the image paths inside rich text. When revisions holding a document are
 * pruned, these are offered to deleteMediaIfUnused.
 */
export function documentMediaRefs(type: ContentEntityType, document: ContentDocument): string[] {
  const refs: string[] = [];
  if (type === "package") {
    refs.push(String(document.thumbnail ?? ""), ...strings(document.gallery), String(document.brochureUrl ?? ""));
    for (const day of Array.isArray(document.itinerary) ? document.itinerary : []) refs.push(String((day as { photo?: unknown })?.photo ?? ""));
  } else if (type === "blog") {
    refs.push(String(document.headImage ?? ""));
    for (const match of String(document.content ?? "").matchAll(/<img\b[^>]*?\bsrc="([^"]+)"/gi)) refs.push(match[1]!);
  }
  return [...new Set(refs.filter(Boolean))];
}
