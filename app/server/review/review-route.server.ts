import { data } from "react-router";
import type { PageFormResult } from "~/lib/page-form";
import { REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTOS_FIELD, REVIEW_PHOTOS_MAX, REVIEW_SENT } from "~/lib/review";
import { reviewInputSchema } from "~/lib/review-schema";
import { storableText } from "~/server/forms/form-input.server";
import { checkPageFormPost, type FormPoster } from "~/server/forms/form-post.server";
import { answerPageForm } from "~/server/forms/page-form-post.server";
import { TRIP_HEADERS } from "~/server/trip/trip-route.server";
import { liveReviewLink } from "./review-token.server";
import { checkPhotoCount, chosenPhotos, PhotoRefused, processReviewPhoto } from "./review-photos.server";
import { reviewFormTrip, submitReview } from "./review-submit.server";

/**
 * The review form's loader and action behind `/review/{token}` (issue 48, ADR
 * 116): the one-time link is the only permission. Its answers are the trip
 * page's (private, no-store, noindex, no referrer), and a wrong, used or
 * expired link gets the trip page's 404.
 */
export const REVIEW_HEADERS = TRIP_HEADERS;

const notFound = () => data({ message: "Page not found" }, { status: 404, headers: REVIEW_HEADERS });

const SENT = { sent: REVIEW_SENT, redirectTo: "/review/thanks" };

export async function loadReviewForm(token: string | undefined, now: Date) {
  const trip = await reviewFormTrip(token ?? "", now);
  if (!trip) throw notFound();
  return data({ trip }, { headers: REVIEW_HEADERS });
}

/**
 * The most a review post may weigh: its photos at their limit and room for
 * the text. The public body cap (64 KiB) leaves `/review/` to this check
 * (server/body-limit.ts), which runs only once the link is known to be live,
 * so a wrong token never gets a byte read.
 */
export const REVIEW_POST_MAX_BYTES = REVIEW_PHOTOS_MAX * REVIEW_PHOTO_MAX_BYTES + 512 * 1024;
const TOO_HEAVY = `The photos are too large together: choose up to ${REVIEW_PHOTOS_MAX} photos of at most ${REVIEW_PHOTO_MAX_BYTES / 1024 / 1024} MB each.`;

/** The body, read up to `limit` bytes; null past it (the rest is never read). */
async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The post's fields (storable text) and the photos it carried; `tooLarge` past REVIEW_POST_MAX_BYTES; null when unreadable. */
async function readReviewPost(request: Request): Promise<{ body: Record<string, string>; photos: File[] } | { tooLarge: true } | null> {
  // A declared length over the cap is refused unread; one not declared is counted as it comes.
  if (Number(request.headers.get("content-length") ?? "0") > REVIEW_POST_MAX_BYTES) return { tooLarge: true };
  try {
    const bytes = await readCapped(request, REVIEW_POST_MAX_BYTES);
    if (!bytes) return { tooLarge: true };
    const form = await new Response(bytes, { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
    const body: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === "string") body[storableText(name)] = storableText(value);
    return { body, photos: chosenPhotos(form.getAll(REVIEW_PHOTOS_FIELD)) };
  } catch {
    return null;
  }
}

/**
 * A review posted with the link: a link that is not live is the 404 before
 * anything is read; then the public forms' budget, honeypot and the schema
 * (errors inline, what was typed kept); then the photos (ADR 118), each
 * checked and processed, a refusal shown beside the photo field with the
 * text kept; a link used at the same moment by another post is refused (409).
 */
export async function reviewAction(request: Request, poster: FormPoster, token: string | undefined, now: Date) {
  if (!(await liveReviewLink(token ?? "", now))) throw notFound();
  const { allowed } = await checkPageFormPost(request, poster.clientIp);
  const read = await readReviewPost(request);
  if (read && "tooLarge" in read) return data<PageFormResult>({ failed: TOO_HEAVY }, { status: 413 });
  const photos = read?.photos ?? [];
  return answerPageForm(
    { allowed, body: read?.body ?? {}, requestId: poster.requestId ?? null },
    {
      what: "review",
      schema: reviewInputSchema,
      honeypot: SENT,
      store: async (input) => {
        let processed;
        try {
          checkPhotoCount(photos);
          processed = [];
          for (const photo of photos) processed.push(await processReviewPhoto(Buffer.from(await photo.arrayBuffer())));
        } catch (error) {
          if (error instanceof PhotoRefused) return { refused: error.message, status: error.status, field: REVIEW_PHOTOS_FIELD };
          throw error;
        }
        const stored = await submitReview(token ?? "", input, now, processed);
        return stored.ok ? SENT : { refused: "This review link has been used already: we have your review.", status: 409 };
      },
    },
  );
}
