import { formatMonth } from "./tour-format";

/**
 * Verified reviews (issue 48, ADR 116): the review form's limits, texts and
 * the cleaning of what a traveller types, shared by the form (its maxLength),
 * the package page and the server. Without zod, so the public pages that show
 * reviews do not download it; the form's schema is in review-schema.ts.
 */

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 5000;
export const REVIEW_REPLY_MAX = 2000;

export const REVIEW_SENT = "Thank you! Your review is with our team and appears on the package page once they have read it.";
export const REVIEW_NO_LINKS = "Please leave out web addresses: reviews are published as plain text.";

/** Web addresses: refused (a review is not a place for links). A bare domain only in lower case, so "Goa.In the morning" is a sentence. */
const LINK_PATTERN = /https?:\/\/|www\./i;
const DOMAIN_PATTERN = /\b[a-z0-9-]{2,}\.(com|net|org|in|io|co|info|biz|xyz|ru|top|link|site|online|shop)(\/|\b)/;

/**
 * Plain text from what was typed: scripts and styles go with their content,
 * other tags are dropped, control characters (but new lines) removed, runs of
 * blank lines cut to one. The page shows it as text too (React escapes it).
 */
export function cleanReviewText(value: string): string {
  return value
    .replace(/<(script|style)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi, "")
    .replace(/<\/?[a-z!][^>]*>?/gi, "")
    .replace(/[<>]/g, "")
    .replace(/\r\n?/g, "\n")
    .replace(/(?!\n)\p{Cc}|[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/gu, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export const hasLink = (value: string) => LINK_PATTERN.test(value) || DOMAIN_PATTERN.test(value);

/** "Meera Rao" -> "Meera R.": how a traveller is named on the public page. */
export function reviewerName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "Traveller";
  const [first, ...rest] = parts;
  const last = rest.at(-1);
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first!;
}

/** "2027-03-14" -> "Travelled March 2027". */
export const travelledLabel = (travelledOn: string) => `Travelled ${formatMonth(travelledOn.slice(0, 7))}`;

/** A verified, published review as the package page shows it. */
export type VerifiedReview = {
  id: number;
  stars: number;
  title: string;
  body: string;
  authorName: string;
  travelled: string;
  publishedOn: string;
  reply: string | null;
  photos: ReviewPhoto[];
};

/** The package's verified reviews: the newest few, and the average and count over all of them. */
export type VerifiedReviews = { items: VerifiedReview[]; rating: { value: number; count: number } | null };

/**
 * Photos on a review (issue 48, ADR 118): up to 3, each at most 10 MB, JPEG,
 * PNG, WebP or AVIF (an iPhone's HEIC is sent as JPEG by its photo picker when
 * the form does not ask for HEIC; the server's sharp cannot decode HEVC).
 */
export const REVIEW_PHOTOS_MAX = 3;
export const REVIEW_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const REVIEW_PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";
export const REVIEW_PHOTO_TOO_MANY = `Choose up to ${REVIEW_PHOTOS_MAX} photos.`;
export const REVIEW_PHOTO_TOO_LARGE = `Each photo may be at most ${REVIEW_PHOTO_MAX_BYTES / 1024 / 1024} MB.`;
/** The field's name in the form (a file input, multiple). */
export const REVIEW_PHOTOS_FIELD = "photos";

/**
 * A stored photo of a review as the pages draw it: the thumbnail (`src`, and
 * the smaller widths in `srcSet`), the largest copy's address and size, and its
 * alt text.
 */
export type ReviewPhoto = { src: string; srcSet: string; full: string; width: number; height: number; alt: string };

/** How tall a review's thumbnail is drawn (CSS px): its `sizes` follow from the photo's shape. */
export const REVIEW_THUMB_HEIGHT = 96;
