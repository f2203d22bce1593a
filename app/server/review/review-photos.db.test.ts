import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newBookingSchema } from "~/lib/booking-schema";
import type { GroupDate } from "~/lib/content-types";
import type { PageFormResult } from "~/lib/page-form";
import { REVIEW_PHOTO_TOO_MANY } from "~/lib/review";
import type { Viewer } from "~/server/auth/guard.server";
import { createBooking } from "~/server/booking/booking-create.server";
import type { Db } from "~/server/db/db.server";
import { bookings, reviewPhotos, reviews } from "~/server/db/schema.server";
import { deleteExpiredEnquiries } from "~/server/enquiry/retention.server";
import { deletePersonalData, findPersonalData, parsePersonKey, personalDataExport, type PersonKey } from "~/server/enquiry/personal-data.server";
import { localPrivateStore, setPrivateStore } from "~/server/media/private-store.server";
import { bookablePackages } from "../../../tests/support/booking-fixtures";
import { insertStaff } from "../../../tests/support/enquiry-fixtures";
import { decompressionBomb, PHONE_MAKE, phonePhoto, smallPhoto } from "../../../tests/support/review-photo-files";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { packageVerifiedReviews } from "./package-reviews.server";
import { answerReviewPhoto } from "./review-photo-route.server";
import { moderateReview, moderationActionSchema, moderationQueue } from "./review-moderation.server";
import { sweepOrphanReviewPhotos } from "./review-photos.server";
import { reviewAction } from "./review-route.server";
import { liveReviewLink, mintReviewLink } from "./review-token.server";

// Photos on verified reviews (ADR 118): posted with the form through the one-time link only; hostile files refused
// beside the field with the text kept; stored privately without EXIF; shown while published; erased with the data.
let db: Db;
let editor: Viewer;
let packageId: number;
let root: string;
const BOOKED = new Date("2027-01-10T06:00:00Z");
const DATES: GroupDate[] = [{ id: "dApr", name: "April Batch", start: "2027-04-01", end: "2027-04-07", capacity: 30 }];
const NOW = new Date("2027-04-12T04:30:00Z");
const TEXT = { stars: "5", title: "Worth every rupee", body: "The houseboat night was the best part of the whole trip for us." };

async function bookWithLink(leadName: string, leadEmail: string, leadPhone: string) {
  const input = newBookingSchema.parse({ packageId, departureId: "dApr", room: "twin", adults: "1", state: "confirmed", leadName, leadEmail, leadPhone });
  const result = await createBooking(input, { actor: editor, now: BOOKED });
  if (!result.ok) throw new Error(result.message);
  const token = await db.transaction((tx) => mintReviewLink(tx, result.booking.id, NOW));
  return { booking: result.booking, token };
}

let posts = 0;
/** The form's multipart post as a browser's fetcher sends it (its declared length too), from an address of its own. */
async function reviewPost(token: string, fields: Record<string, string>, photos: Buffer[] = []) {
  posts += 1;
  const form = new FormData();
  form.set("_fetcher", "1");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  photos.forEach((photo, index) => form.append("photos", new Blob([new Uint8Array(photo)]), `photo-${index}.jpg`));
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  const body = await encoded.arrayBuffer();
  const request = new Request(`http://localhost/review/${token}`, {
    method: "POST",
    headers: { "Content-Type": encoded.headers.get("content-type")!, "Content-Length": String(body.byteLength) },
    body,
  });
  return reviewAction(request, { clientIp: `10.118.0.${posts}` }, token, NOW);
}
type Answer = { data: PageFormResult; init?: { status?: number } | null };
const answered = (answer: unknown) => answer as Answer;

const storedFiles = async () => (await fs.readdir(path.join(root, "reviews")).catch(() => [] as string[])).sort();
const statusOfPhoto = (file: string, staff = false) =>
  answerReviewPhoto(file, { staff }).then(
    (response) => response.status,
    (thrown: { init?: { status?: number } }) => thrown.init?.status,
  );
const fileOf = (src: string) => src.split("/").at(-1)!;

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  const staff = await insertStaff(db, "Esha Editor", "editor");
  editor = { id: staff.id, email: staff.email, name: staff.name, role: "editor" };
  [packageId] = (await bookablePackages(db, DATES)) as [number];
  root = await fs.mkdtemp(path.join(os.tmpdir(), "pravas-review-photos-"));
  setPrivateStore(localPrivateStore(root));
});
afterAll(async () => {
  await closeTestDatabase();
  await fs.rm(root, { recursive: true, force: true });
});

describe("photos on a review", () => {
  it("are refused with the same 404 as the form for a wrong token, before a byte is read; too heavy a post, a 4th photo, a bomb and a non-image are refused with a 4xx, the text kept", async () => {
    const { token } = await bookWithLink("Kiran Shah", "kiran@example.com", "+91 98860 22222");
    const wrong = new Request("http://localhost/review/x", { method: "POST", headers: { "Content-Length": "30000000" }, body: "never read" });
    await expect(reviewAction(wrong, { clientIp: "10.118.1.1" }, `${token.slice(0, -2)}xx`, NOW)).rejects.toMatchObject({ init: { status: 404 } });
    expect(wrong.bodyUsed).toBe(false);
    // With the link, a body declared over 3 photos' worth is refused unread (413), the form kept on the page.
    const heavy = new Request(`http://localhost/review/${token}`, { method: "POST", headers: { "Content-Length": "40000000" }, body: "never read" });
    expect(answered(await reviewAction(heavy, { clientIp: "10.118.1.2" }, token, NOW))).toMatchObject({
      init: { status: 413 },
      data: { failed: expect.stringContaining("too large") },
    });
    expect(heavy.bodyUsed).toBe(false);

    const small = await smallPhoto();
    for (const [photos, status, message] of [
      [[small, small, small, small], 400, REVIEW_PHOTO_TOO_MANY],
      [[small, decompressionBomb()], 413, "megapixels"],
      [[Buffer.from("GIF89a but not really a picture")], 415, "not a photo"],
      [[Buffer.from("just some text")], 415, "not a photo"],
    ] as const) {
      const answer = answered(await reviewPost(token, TEXT, [...photos]));
      expect(answer.init?.status).toBe(status);
      expect(answer.data.result?.error?.photos?.[0]).toContain(message);
      // What was typed comes back to the form.
      expect(answer.data.result?.initialValue).toMatchObject({ title: TEXT.title, body: TEXT.body, stars: "5" });
    }
    // Nothing stored, no file left, and the link still opens the form.
    expect(await db.select().from(reviews)).toEqual([]);
    expect(await storedFiles()).toEqual([]);
    expect(await liveReviewLink(token, NOW)).not.toBeNull();
  });

  it("are stored privately without EXIF, shown to the team at once, on the package page only once published, and hidden with the review", async () => {
    const { token } = await bookWithLink("Meera Rao", "meera@example.com", "+91 98450 12345");
    const answer = answered(await reviewPost(token, TEXT, [await phonePhoto(), await smallPhoto()]));
    expect(answer.data.sent).toBeTruthy();
    const [review] = await db.select().from(reviews);
    const rows = await db.select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, review!.id)).orderBy(reviewPhotos.position);
    expect(rows.map((row) => [row.position, row.width, row.height, row.widths])).toEqual([
      [1, 1200, 1600, [240, 480, 1200]],
      [2, 640, 480, [240, 480, 640]],
    ]);
    const files = await storedFiles();
    expect(files).toHaveLength(6);
    for (const file of files) {
      const bytes = await fs.readFile(path.join(root, "reviews", file));
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
      expect(bytes.toString("latin1")).not.toContain(PHONE_MAKE);
    }

    // The team sees them in the queue (its own address); the public address answers nothing while the review is new.
    const queued = (await moderationQueue("new")).reviews.find((item) => item.id === review!.id)!;
    expect(queued.photos.map((photo) => photo.src)).toEqual(rows.map((row) => `/admin/reviews/photos/${row.key}-480.webp`));
    expect(await statusOfPhoto(fileOf(queued.photos[0]!.src), true)).toBe(200);
    expect(await statusOfPhoto(fileOf(queued.photos[0]!.src))).toBe(404);
    expect((await packageVerifiedReviews(packageId)).items).toEqual([]);

    await moderateReview(moderationActionSchema.parse({ intent: "publish", reviewId: String(review!.id) }), editor, "10.118.2.1", NOW);
    const [shown] = (await packageVerifiedReviews(packageId)).items;
    expect(shown!.photos).toEqual([
      {
        src: `/review/photos/${rows[0]!.key}-480.webp`,
        srcSet: `/review/photos/${rows[0]!.key}-240.webp 240w, /review/photos/${rows[0]!.key}-480.webp 480w`,
        full: `/review/photos/${rows[0]!.key}-1200.webp`,
        width: 1200,
        height: 1600,
        alt: "Photo 1 of 2 from Meera R.’s trip",
      },
      {
        src: `/review/photos/${rows[1]!.key}-480.webp`,
        srcSet: `/review/photos/${rows[1]!.key}-240.webp 240w, /review/photos/${rows[1]!.key}-480.webp 480w`,
        full: `/review/photos/${rows[1]!.key}-640.webp`,
        width: 640,
        height: 480,
        alt: "Photo 2 of 2 from Meera R.’s trip",
      },
    ]);
    const response = await answerReviewPhoto(fileOf(shown!.photos[0]!.full), { staff: false });
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toMatch(/^public/);
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(1200);
    // A width never stored, or a made-up key: 404.
    expect(await statusOfPhoto(`${rows[0]!.key}-800.webp`)).toBe(404);
    expect(await statusOfPhoto("AAAAAAAAAAAAAAAAAAAAAA-480.webp")).toBe(404);

    await moderateReview(moderationActionSchema.parse({ intent: "hide", reviewId: String(review!.id) }), editor, "10.118.2.1", NOW);
    expect(await statusOfPhoto(fileOf(shown!.photos[0]!.src))).toBe(404);
    expect(await statusOfPhoto(fileOf(shown!.photos[0]!.src), true)).toBe(200);
    await moderateReview(moderationActionSchema.parse({ intent: "publish", reviewId: String(review!.id) }), editor, "10.118.2.1", NOW);
  });

  it("go under the retention setting (the published review stays, without them or the name: ADR 121), are in the personal-data export, go with an erasure, and orphan files are swept", async () => {
    const [meera] = await db.select().from(bookings).where(eq(bookings.leadEmail, "meera@example.com"));
    // Meera's trip ended long before the cutoff: the sweep takes her review's photos and her name; its words stay.
    await db.update(bookings).set({ state: "completed" }).where(eq(bookings.id, meera!.id));
    const counts = await deleteExpiredEnquiries(6, new Date("2028-01-15T00:00:00Z"));
    expect(counts).toMatchObject({ reviewPhotos: 2, reviews: 0, reviewsAnonymised: 1 });
    expect(await storedFiles()).toEqual([]);
    expect(await db.select().from(reviewPhotos)).toEqual([]);
    const [kept] = (await packageVerifiedReviews(packageId)).items;
    expect(kept).toMatchObject({ title: TEXT.title, authorName: "A traveller", photos: [] });

    // Another traveller's review with a photo, erased at their request: the review, its photo row and its files go.
    const { booking, token } = await bookWithLink("Anil Das", "anil@example.com", "+91 90080 33333");
    expect(answered(await reviewPost(token, TEXT, [await smallPhoto("#258")])).data.sent).toBeTruthy();
    expect(await storedFiles()).toHaveLength(3);
    await db.update(bookings).set({ state: "completed" }).where(eq(bookings.id, booking.id));
    // The personal-data export carries the review with its photo's address (for the team, who download it).
    const exported = personalDataExport(
      parsePersonKey("anil@example.com") as PersonKey,
      await findPersonalData(parsePersonKey("anil@example.com") as PersonKey),
    );
    const [photoRow] = await db.select().from(reviewPhotos);
    expect(exported.bookings[0]!.reviews).toEqual([
      expect.objectContaining({ title: TEXT.title, status: "new", photos: [`/admin/reviews/photos/${photoRow!.key}-640.webp`] }),
    ]);
    // A file no row claims (a server stopped before the commit): swept once a day old, never a stored photo's.
    await fs.writeFile(path.join(root, "reviews", "BBBBBBBBBBBBBBBBBBBBBB-480.webp"), "left behind");
    expect(await sweepOrphanReviewPhotos()).toEqual([]);
    expect(await sweepOrphanReviewPhotos({ now: Date.now() + 25 * 3_600_000 })).toEqual(["reviews/BBBBBBBBBBBBBBBBBBBBBB-480.webp"]);
    expect(await storedFiles()).toHaveLength(3);
    await deletePersonalData(parsePersonKey("anil@example.com") as PersonKey, { viewer: editor });
    expect(await db.select().from(reviewPhotos)).toEqual([]);
    expect(await storedFiles()).toEqual([]);
  });
});
