import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newBookingSchema } from "~/lib/booking-schema";
import type { GroupDate } from "~/lib/content-types";
import { REVIEW_NO_LINKS } from "~/lib/review";
import { reviewInputSchema } from "~/lib/review-schema";
import type { Viewer } from "~/server/auth/guard.server";
import { createBooking } from "~/server/booking/booking-create.server";
import { transitionBooking } from "~/server/booking/booking-transitions.server";
import { readContentVersion } from "~/server/cache/content-version.server";
import type { Db } from "~/server/db/db.server";
import { activity, bookings, jobs, packages, reviewLinks, reviews } from "~/server/db/schema.server";
import { getPackage } from "~/server/package/package-queries.server";
import { toPackageDetail } from "~/server/package/package-detail.server";
import { touristTripJsonLd } from "~/server/package/package-seo.server";
import { bookablePackages } from "../../../tests/support/booking-fixtures";
import { insertStaff } from "../../../tests/support/enquiry-fixtures";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { packageVerifiedReviews } from "./package-reviews.server";
import { moderateReview, moderationActionSchema, moderationQueue } from "./review-moderation.server";
import { queueReviewRequests, reviewRequestOnceKey } from "./review-request.server";
import { reviewAction } from "./review-route.server";
import { reviewFormTrip, submitReview } from "./review-submit.server";
import { reviewLinkPanel, sendNewReviewLink } from "./review-new-link.server";
import { hashReviewToken } from "./review-token.server";

// Verified reviews (issue 48, ADR 116): the request 2 days after the return date (Indian time) once per booking
// that travelled; the one-time hashed link; the form's refusals and cleaning; moderation; the package page's rating.
let db: Db;
let editor: Viewer;
let packageId: number;
const BOOKED = new Date("2027-01-10T06:00:00Z");
// The trip: 1–7 April 2027; the request is due on 9 April from 9:00 Indian time (03:30 UTC).
const DATES: GroupDate[] = [{ id: "dApr", name: "April Batch", start: "2027-04-01", end: "2027-04-07", capacity: 30 }];
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);

async function book(values: Record<string, unknown>) {
  const input = newBookingSchema.parse({ packageId, departureId: "dApr", room: "twin", adults: "1", state: "confirmed", ...values });
  const result = await createBooking(input, { actor: editor, now: BOOKED });
  if (!result.ok) throw new Error(result.message);
  return result.booking;
}

const requestJobs = () =>
  db
    .select({ onceKey: jobs.onceKey, subjectType: jobs.subjectType, payload: jobs.payload })
    .from(jobs)
    .where(sql`${jobs.onceKey} like 'review.request:%' or (${jobs.subjectType} = 'booking-team' and ${jobs.payload}->>'subject' like 'Review asked for%')`);

const tokenIn = (text: string) => /\/review\/([A-Za-z0-9_-]{43})\b/.exec(text)![1]!;

let posts = 0;
/** The form's post as the browser's fetcher sends it; each from its own address (the public forms' budget is per address). */
function reviewPost(token: string, fields: Record<string, string>, { scripts = true } = {}) {
  posts += 1;
  const ip = `10.48.0.${posts}`;
  const request = new Request(`http://localhost/review/${token}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...(scripts ? { _fetcher: "1" } : {}), ...fields }),
  });
  return reviewAction(request, { clientIp: ip }, token, ist("2027-04-12", "10:00"));
}

const statusOf = async (answer: unknown) => {
  if (answer instanceof Response) return answer.status;
  return (answer as { init?: { status?: number } | null }).init?.status ?? 200;
};

/** A moderation form's fields as the Reviews screen's action reads them. */
const posted = (fields: Record<string, string>) => moderationActionSchema.parse(fields);

let meera: Awaited<ReturnType<typeof book>>;
let token: string;

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  const staff = await insertStaff(db, "Esha Editor", "editor");
  editor = { id: staff.id, email: staff.email, name: staff.name, role: "editor" };
  [packageId] = (await bookablePackages(db, DATES)) as [number];
  meera = await book({ leadName: "Meera Rao", leadPhone: "+91 98450 12345", leadEmail: "meera@example.com" });
});
afterAll(closeTestDatabase);

describe("the review request", () => {
  it("is queued once per booking that travelled, on the second Indian day after the return date from 9:00, with a hashed one-time link", async () => {
    const cancelled = await book({ leadName: "Ravi Kumar", leadPhone: "+91 91234 56789", leadEmail: "ravi@example.com" });
    expect((await transitionBooking(cancelled.id, "cancel", { actor: editor, now: BOOKED }, { reason: "Plans changed" })).ok).toBe(true);
    await book({ leadName: "No Email", leadPhone: "+91 90000 11111" });

    // The day after the return, late at night Indian time; the day itself before 9:00: nothing.
    expect(await queueReviewRequests(ist("2027-04-08", "23:59"))).toBe(0);
    expect(await queueReviewRequests(ist("2027-04-09", "08:59"))).toBe(0);
    expect(await requestJobs()).toEqual([]);
    // 9:00 Indian time on the second day (03:30 UTC): one request, for the confirmed booking with an e-mail only.
    expect(await queueReviewRequests(ist("2027-04-09", "09:00"))).toBe(1);
    // Every later pass, and two at once (two servers), queue nothing more.
    expect(await Promise.all([queueReviewRequests(ist("2027-04-09", "09:01")), queueReviewRequests(ist("2027-04-09", "09:01"))])).toEqual([0, 0]);
    expect(await queueReviewRequests(ist("2027-04-10", "12:00"))).toBe(0);

    const queued = await requestJobs();
    expect(queued).toHaveLength(2);
    const traveller = queued.find((job) => job.onceKey === reviewRequestOnceKey(meera.id))!;
    const mail = traveller.payload as { to: string; subject: string; text: string };
    expect(mail.to).toBe("meera@example.com");
    expect(mail.subject).toContain(meera.reference);
    token = tokenIn(mail.text);
    // The team's copy: the same words, ready for WhatsApp to the traveller's phone.
    const team = queued.find((job) => job.subjectType === "booking-team")!.payload as { text: string };
    expect(team.text).toContain("https://wa.me/919845012345?text=");
    expect(team.text).toContain(`/review/${token}`);

    // Stored only as its SHA-256: the token is nowhere in the links table.
    expect(JSON.stringify(await db.select().from(reviewLinks))).not.toContain(token);
    const [link] = await db.select().from(reviewLinks).where(eq(reviewLinks.bookingId, meera.id));
    expect(link!.tokenHash).toBe(hashReviewToken(token));
    expect(token).toHaveLength(43); // 32 random bytes, 256 bits
    expect(await db.select({ kind: activity.kind }).from(activity).where(eq(activity.kind, "review.requested"))).toHaveLength(1);
  });
});

describe("the review form", () => {
  it("opens only with the live link: a wrong, tampered or expired one is the same nothing", async () => {
    const now = ist("2027-04-12", "10:00");
    expect(await reviewFormTrip(token, now)).toMatchObject({ packageTitle: meera.packageTitle, leadName: "Meera Rao" });
    expect(await reviewFormTrip(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, now)).toBeNull();
    expect(await reviewFormTrip("", now)).toBeNull();
    expect(await reviewFormTrip("x".repeat(5000), now)).toBeNull();
    // 60 days after it was made, it no longer opens.
    expect(await reviewFormTrip(token, ist("2027-06-09", "10:00"))).toBeNull();
  });

  it("refuses links and text over 5,000 characters with what was typed kept, cleans out scripts and tags, and takes one review per link", async () => {
    // A web address: refused beside the field, nothing stored.
    const linked = await reviewPost(token, { stars: "5", title: "Lovely", body: "Book through www.cheap-trips.example.com instead, much cheaper!" });
    expect(await statusOf(linked)).toBe(400);
    const reply = (linked as unknown as { data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } } }).data.result;
    expect(reply.error.body).toEqual([REVIEW_NO_LINKS]);
    expect(reply.initialValue.title).toBe("Lovely");
    // Over 5,000 characters: refused, never cut.
    const long = await reviewPost(token, { stars: "4", title: "Long", body: "a".repeat(5001) });
    expect(await statusOf(long)).toBe(400);
    // No stars: refused.
    expect(await statusOf(await reviewPost(token, { title: "No stars", body: "We had a wonderful week in Bali with the family." }))).toBe(400);
    expect(await db.select().from(reviews)).toEqual([]);

    // Script and markup: cleaned to the plain words. Sent without JavaScript: on to the thank-you page (the link no longer opens the form).
    const sent = await reviewPost(
      token,
      {
        stars: "5",
        title: "<b>Wonderful</b> week",
        body: "<script>alert(document.cookie)</script>Our guide Wayan was <i>superb</i>, and the <img src=x onerror=alert(1)>rice terraces at dawn were the best morning of the trip.",
      },
      { scripts: false },
    );
    expect(await statusOf(sent)).toBe(303);
    expect((sent as Response).headers.get("Location")).toBe("/review/thanks");
    const [stored] = await db.select().from(reviews);
    expect(stored).toMatchObject({
      bookingId: meera.id,
      packageId,
      stars: 5,
      title: "Wonderful week",
      body: "Our guide Wayan was superb, and the rice terraces at dawn were the best morning of the trip.",
      authorName: "Meera R.",
      travelledOn: "2027-04-01",
      status: "new",
    });

    // The link is used: the form is gone, and a second review with it (or two at once) is the 404.
    expect(await reviewFormTrip(token, ist("2027-04-12", "10:00"))).toBeNull();
    const again = reviewInputSchema.parse({ stars: "1", title: "Second", body: "Trying to leave a second review with the same link." });
    expect(await submitReview(token, again, ist("2027-04-12", "10:05"))).toEqual({ ok: false, reason: "not-found" });
    await expect(reviewPost(token, { stars: "1", title: "Again", body: "Trying to leave a second review with the same link." })).rejects.toMatchObject({
      init: { status: 404 },
    });
    expect(await db.select().from(reviews)).toHaveLength(1);
  });
});

describe("moderation and the package page", () => {
  it("shows only published verified reviews, rates the package from them alone, logs each action and refreshes the cached page", async () => {
    const row = (await db.select().from(packages).where(eq(packages.id, packageId)))[0]!;
    // The team's curated reviews are there, and never count in the rating.
    expect(row.reviews.length).toBeGreaterThan(0);
    const detail = await toPackageDetail((await getPackage(row.slug))!, "2027-04-12");
    const none = await packageVerifiedReviews(packageId);
    expect(none).toEqual({ items: [], rating: null });
    const plain = touristTripJsonLd(detail, "https://pravas.example", "Pravas", none);
    expect(plain["@type"]).toBe("TouristTrip");
    expect(plain).not.toHaveProperty("aggregateRating");

    const queue = await moderationQueue("new");
    expect(queue.counts).toEqual({ new: 1, published: 0, hidden: 0 });
    const reviewId = queue.reviews[0]!.id;
    const before = await readContentVersion(db);
    expect(await moderateReview(posted({ intent: "publish", reviewId: String(reviewId) }), editor, "10.48.0.9", ist("2027-04-13", "11:00"))).toMatch(
      /^Published/,
    );
    expect(await readContentVersion(db)).toBe(before + 1);
    expect(
      await moderateReview(
        posted({ intent: "reply", reviewId: String(reviewId), reply: "Thank you, Meera! <b>Wayan</b> says hello." }),
        editor,
        null,
        ist("2027-04-13", "11:05"),
      ),
    ).toBe("Reply saved.");

    // A second traveller's review, hidden by the team: not shown, not counted.
    const arjun = await book({ leadName: "Arjun Shah", leadPhone: "+91 98450 22222", leadEmail: "arjun@example.com" });
    await queueReviewRequests(ist("2027-04-09", "09:30"));
    const [arjunMail] = await db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.onceKey, reviewRequestOnceKey(arjun.id)));
    const arjunInput = reviewInputSchema.parse({ stars: "1", title: "Rainy", body: "It rained every day and the hotel was far from the beach." });
    const arjunReview = await submitReview(tokenIn((arjunMail!.payload as { text: string }).text), arjunInput, ist("2027-04-12", "10:00"));
    expect(arjunReview.ok).toBe(true);
    await moderateReview(
      posted({ intent: "hide", reviewId: String((arjunReview as { reviewId: number }).reviewId) }),
      editor,
      null,
      ist("2027-04-13", "11:10"),
    );

    const verified = await packageVerifiedReviews(packageId);
    expect(verified.rating).toEqual({ value: 5, count: 1 });
    expect(verified.items).toEqual([
      expect.objectContaining({
        title: "Wonderful week",
        authorName: "Meera R.",
        travelled: "Travelled April 2027",
        reply: "Thank you, Meera! Wayan says hello.",
      }),
    ]);
    const ld = touristTripJsonLd(detail, "https://pravas.example", "Pravas", verified) as Record<string, unknown>;
    expect(ld["@type"]).toEqual(["TouristTrip", "Product"]);
    expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 5, reviewCount: 1, bestRating: 5, worstRating: 1 });
    expect(ld.review).toEqual([
      expect.objectContaining({ "@type": "Review", name: "Wonderful week", author: { "@type": "Person", name: "Meera R." }, datePublished: "2027-04-13" }),
    ]);

    const logged = await db
      .select({ kind: activity.kind, actorName: activity.actorName, ip: activity.ip })
      .from(activity)
      .where(sql`${activity.kind} like 'review.%'`);
    expect(logged.map((entry) => entry.kind).sort()).toEqual(
      ["review.hidden", "review.published", "review.received", "review.received", "review.replied", "review.requested", "review.requested"].sort(),
    );
    expect(logged.find((entry) => entry.kind === "review.published")).toMatchObject({ actorName: "Esha Editor", ip: "10.48.0.9" });
  });
});

describe("a new review link from the team", () => {
  it("voids the old link (404), the new one takes one review, and no link is sent before the trip ends or after a review", async () => {
    const priya = await book({ leadName: "Priya Nair", leadPhone: "+91 98450 33333", leadEmail: "priya@example.com" });
    const newLinkMails = async () =>
      (
        await db
          .select({ payload: jobs.payload })
          .from(jobs)
          .innerJoin(activity, eq(sql`${activity.id}`, jobs.subjectId))
          .where(and(eq(jobs.subjectType, "booking-traveller"), eq(activity.kind, "review.link-sent"), eq(activity.subjectId, String(priya.id))))
          .orderBy(jobs.id)
      ).map((row) => row.payload as { to: string; subject: string; text: string });

    // On the return date itself (7 April, Indian time) the trip has not ended: refused, nothing stored.
    const early = await sendNewReviewLink(priya, editor, "10.48.1.1", ist("2027-04-07", "22:00"));
    expect(early).toEqual({ ok: false, refusal: expect.objectContaining({ reason: "not-ended", message: expect.stringContaining("7 Apr 2027") }) });
    expect(await db.select().from(reviewLinks).where(eq(reviewLinks.bookingId, priya.id))).toEqual([]);

    // The request's link went out on 9 April; she lost the e-mail. The team sends a new one: the old one is the 404.
    await queueReviewRequests(ist("2027-04-09", "09:30"));
    const [request] = await db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.onceKey, reviewRequestOnceKey(priya.id)));
    const oldToken = tokenIn((request!.payload as { text: string }).text);
    const sentAt = ist("2027-04-20", "11:00");
    expect(await reviewFormTrip(oldToken, sentAt)).not.toBeNull();
    expect(await sendNewReviewLink(priya, editor, "10.48.1.1", sentAt)).toEqual({ ok: true, to: "priya@example.com" });
    const [mail] = await newLinkMails();
    expect(mail).toMatchObject({ to: "priya@example.com", subject: expect.stringContaining(priya.reference) });
    const newToken = tokenIn(mail!.text);
    const later = ist("2027-04-21", "09:00");
    expect(await reviewFormTrip(oldToken, later)).toBeNull();
    await expect(reviewPost(oldToken, { stars: "4", title: "Old link", body: "Sent with the link from the first e-mail." })).rejects.toMatchObject({
      init: { status: 404 },
    });
    // The new link opens the form and takes her review; the timeline says who sent it and from where.
    expect(await reviewFormTrip(newToken, later)).toMatchObject({ leadName: "Priya Nair" });
    const input = reviewInputSchema.parse({ stars: "4", title: "Lovely villas", body: "The villa in Ubud was lovely and the driver was always on time." });
    expect(await submitReview(newToken, input, later)).toMatchObject({ ok: true });
    const [entry] = await db
      .select({ actorName: activity.actorName, ip: activity.ip, detail: activity.detail })
      .from(activity)
      .where(and(eq(activity.kind, "review.link-sent"), eq(activity.subjectId, String(priya.id))));
    expect(entry).toMatchObject({
      actorName: "Esha Editor",
      ip: "10.48.1.1",
      detail: { text: "Sent a new review link to priya@example.com; the old link no longer works" },
    });

    // One review per booking: a second one with the new link is refused, and so is another new link.
    expect(await submitReview(newToken, input, ist("2027-04-21", "09:05"))).toEqual({ ok: false, reason: "not-found" });
    const again = await sendNewReviewLink(priya, editor, undefined, ist("2027-04-22", "10:00"));
    expect(again).toEqual({ ok: false, refusal: expect.objectContaining({ reason: "reviewed", message: expect.stringContaining("one review") }) });
    expect(await db.select().from(reviews).where(eq(reviews.bookingId, priya.id))).toHaveLength(1);
    expect(await newLinkMails()).toHaveLength(1);
    // The booking page's line: written, and no button (its refusal is the reason).
    expect(await reviewLinkPanel(priya, ist("2027-04-22", "10:00"), db)).toMatchObject({ writtenAt: later.toISOString(), refusal: { reason: "reviewed" } });

    // A cancelled booking never gets one.
    const cancelled = await book({ leadName: "Ravi Menon", leadPhone: "+91 98450 44444", leadEmail: "ravi.m@example.com" });
    await transitionBooking(cancelled.id, "cancel", { actor: editor, now: BOOKED }, { reason: "Plans changed" });
    const [row] = await db.select().from(bookings).where(eq(bookings.id, cancelled.id));
    expect(await sendNewReviewLink(row!, editor, undefined, sentAt)).toMatchObject({ ok: false, refusal: { reason: "not-travelled" } });
  });
});
