import crypto from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newBookingSchema } from "~/lib/booking-schema";
import type { GroupDate } from "~/lib/content-types";
import type { Viewer } from "~/server/auth/guard.server";
import type { Db } from "~/server/db/db.server";
import { activity, bookings, bookingTasks, bookingTravellers, jobs, packages, reviewLinks, reviews, travellerDetails } from "~/server/db/schema.server";
import { resetEnvForTests } from "~/server/env.server";
import { askForCancellation, giveConsent, NO_KEY_MESSAGE, saveDetailField } from "~/server/trip/trip-actions.server";
import { packageVerifiedReviews } from "~/server/review/package-reviews.server";
import { openField, travellerDataKey } from "~/server/trip/sealed-field.server";
import { tripAction } from "~/server/trip/trip-route.server";
import { loadTripPanel } from "~/server/trip/trip-staff.server";
import { bookingIdForToken, hashTripToken, mintTripLink, revokeTripLinks } from "~/server/trip/trip-token.server";
import { ERASED_NAME } from "~/server/enquiry/personal-data-bookings.server";
import { deleteExpiredEnquiries } from "~/server/enquiry/retention.server";
import { readContentVersion } from "~/server/cache/content-version.server";
import { reviewInputSchema } from "~/lib/review-schema";
import { sendNewReviewLink } from "~/server/review/review-new-link.server";
import { moderateReview, moderationActionSchema } from "~/server/review/review-moderation.server";
import { submitReview } from "~/server/review/review-submit.server";
import {
  deletePersonalData,
  findPersonalData,
  LiveBookingsError,
  parsePersonKey,
  personalDataExport,
  type PersonKey,
} from "~/server/enquiry/personal-data.server";
import { bookablePackages } from "../../../tests/support/booking-fixtures";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { insertLead, insertStaff } from "../../../tests/support/enquiry-fixtures";
import { createBooking } from "./booking-create.server";
import { transitionBooking } from "./booking-transitions.server";

// Personal data (ADR 029, ADR 088): a person's bookings are in their export; erasure keeps each booking's accounting
// record (reference, trip, amounts) and removes who (names, phone, e-mail, ages, notes, reason, e-mails, the timeline's
// before and after), and is refused while one of their bookings is still held, confirmed or waitlisted.
let db: Db;
let admin: Viewer;
let packageId: number;
const NOW = new Date("2027-01-10T06:00:00Z");
const DATES: GroupDate[] = [{ id: "dOpen", name: "Open Batch", start: "2027-04-01", end: "2027-04-07", capacity: 20 }];
const key = (text: string) => parsePersonKey(text) as PersonKey;

async function book(values: Record<string, unknown>) {
  const input = newBookingSchema.parse({ packageId, departureId: "dOpen", room: "twin", ...values });
  const result = await createBooking(input, { actor: admin, now: NOW });
  if (!result.ok) throw new Error(result.message);
  return result.booking;
}

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  const staff = await insertStaff(db, "Ada Admin", "admin");
  admin = { id: staff.id, email: staff.email, name: staff.name, role: "admin" };
  [packageId] = (await bookablePackages(db, DATES)) as [number];
});
afterAll(closeTestDatabase);

describe("a person's bookings in their personal data", () => {
  it("exports their bookings with the travellers, and erases who but keeps the accounting record", async () => {
    const mine = await book({
      leadName: "Meera Iyer",
      leadPhone: "+91 98450 12345",
      leadEmail: "meera@example.com",
      adults: "2",
      travellers: [
        { name: "Meera Iyer", age: "41" },
        { name: "Arjun Iyer", age: "44" },
      ],
      extras: [{ label: "Visa fee", amount: "2,500" }],
      notes: "Vegetarian; lives in Pune",
    });
    const cancelled = await transitionBooking(mine.id, "cancel", { actor: admin, now: NOW }, { reason: "Father in hospital" });
    expect(cancelled.ok).toBe(true);
    // Made from their enquiry, with another number: theirs too.
    const lead = await insertLead(db, { name: "Meera Iyer", phone: "+91 98450 12345" });
    const fromEnquiry = await book({ leadName: "Meera I", leadPhone: "+91 90000 11111", adults: "1", enquiry: `lead-${lead.id}` });
    await transitionBooking(fromEnquiry.id, "cancel", { actor: admin, now: NOW }, { reason: "Changed plans" });
    const someoneElse = await book({ leadName: "Ravi Kumar", leadPhone: "+91 91234 56789", leadEmail: "ravi@example.com", adults: "1" });

    const found = await findPersonalData(key("098450 12345"));
    const exported = personalDataExport(key("098450 12345"), found, NOW);
    expect(exported.bookings.map((row) => row.reference).sort()).toEqual([mine.reference, fromEnquiry.reference].sort());
    const mineExported = exported.bookings.find((row) => row.reference === mine.reference)!;
    expect(mineExported).toMatchObject({ leadName: "Meera Iyer", leadEmail: "meera@example.com", totalPaise: 21_150_000 });
    expect(mineExported.travellers).toEqual([
      { position: 1, kind: "adult", name: "Meera Iyer", age: 41 },
      { position: 2, kind: "adult", name: "Arjun Iyer", age: 44 },
    ]);
    // The held and cancelled e-mails to meera@example.com.
    expect(exported.notifications.filter((row) => row.subjectType === "booking-traveller")).toHaveLength(2);

    const counts = await deletePersonalData(key("+919845012345"), { viewer: admin });
    expect(counts).toMatchObject({ leads: 1, bookings: 2 });
    const [erased] = await db.select().from(bookings).where(eq(bookings.id, mine.id));
    expect(erased).toMatchObject({
      reference: mine.reference,
      leadName: ERASED_NAME,
      leadPhone: "",
      leadEmail: null,
      notes: "",
      cancelReason: "Erased at their request",
      state: "cancelled",
      adults: 2,
      totalPaise: 21_150_000,
      startDate: "2027-04-01",
    });
    expect(erased!.price.extras).toEqual([{ label: "Visa fee", amountPaise: 250_000 }]);
    const travellers = await db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, mine.id));
    expect(travellers.map(({ name, age }) => ({ name, age }))).toEqual([
      { name: "", age: null },
      { name: "", age: null },
    ]);
    // Their e-mails are gone; Ravi's stays.
    const mail = await db
      .select()
      .from(jobs)
      .where(inArray(jobs.subjectType, ["booking-traveller", "booking-team"]));
    expect(mail.map((row) => (row.payload as { to: string }).to)).toEqual(["ravi@example.com"]);
    // Nothing in the timeline names or reaches them any more.
    const timeline = await db
      .select()
      .from(activity)
      .where(inArray(activity.subjectId, [String(mine.id), String(fromEnquiry.id)]));
    expect(JSON.stringify(timeline)).not.toMatch(/Meera|98450|meera@|hospital/i);
    expect(timeline.map((row) => row.subjectLabel)).toContain(mine.reference);
    // Someone else's booking is left alone.
    const [other] = await db.select().from(bookings).where(eq(bookings.id, someoneElse.id));
    expect(other!.leadName).toBe("Ravi Kumar");
  });

  it("refuses while one of their bookings is still being served, and deletes nothing", async () => {
    const live = await book({ leadName: "Asha Rao", leadPhone: "+91 99887 76655", leadEmail: "asha@example.com", adults: "1" });
    await insertLead(db, { name: "Asha Rao", email: "asha@example.com" });
    await expect(deletePersonalData(key("Asha@Example.com"), { viewer: admin })).rejects.toThrow(LiveBookingsError);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, live.id));
    expect(row!.leadName).toBe("Asha Rao");
    expect((await findPersonalData(key("asha@example.com"))).leads).toHaveLength(1);
  });
});

// The trip page (issue 48, ADR 108), on the same database: tokens, sealed passport numbers and PANs, the requests.
describe("the trip page", () => {
  const KEY = "a".repeat(64);
  const tokenOf = async (bookingId: number) => {
    const events = await db
      .select({ id: activity.id })
      .from(activity)
      .where(eq(activity.subjectId, String(bookingId)));
    const [mail] = await db
      .select()
      .from(jobs)
      .where(
        inArray(
          jobs.subjectId,
          events.map((event) => event.id),
        ),
      );
    const link = /\/trip\/([A-Za-z0-9_-]+)/.exec((mail!.payload as { text: string }).text);
    return link![1]!;
  };
  const post = (token: string, fields: Record<string, string>) =>
    tripAction(new Request("http://test/trip/x", { method: "POST", body: new URLSearchParams(fields) }), token, NOW).then(
      (answer) => answer,
      (thrown: unknown) => thrown,
    );
  const status = (answer: unknown) => (answer as { init?: { status?: number } | null }).init?.status ?? 200;

  beforeAll(async () => {
    await db.update(packages).set({ region: "international" }).where(eq(packages.id, packageId));
  });

  it("opens the booking from the e-mail's link only: wrong, tampered, revoked and emptied tokens give the same 404", async () => {
    const trip = await book({ leadName: "Kavya Nair", leadPhone: "+91 90040 11223", leadEmail: "kavya@example.com", adults: "1" });
    const other = await book({ leadName: "Dev Shah", leadPhone: "+91 90040 99887", leadEmail: "dev@example.com", adults: "1" });
    const token = await tokenOf(trip.id);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(await bookingIdForToken(token, NOW)).toBe(trip.id);
    // Only the hash is stored.
    const stored = JSON.stringify(await db.execute(sql`select * from trip_links`));
    expect(stored).not.toContain(token);
    expect(stored).toContain(hashTripToken(token));
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const answers = await Promise.all([tampered, "nope", "", "x".repeat(5000)].map((bad) => post(bad, { intent: "cancel" })));
    for (const answer of answers) expect(status(answer)).toBe(404);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    // Another booking's traveller through this booking's token: the same 404, nothing stored.
    await giveConsent(trip, NOW);
    const [otherTraveller] = await db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, other.id));
    expect(status(await post(token, { intent: "details", travellerId: String(otherTraveller!.id), food: "Jain" }))).toBe(404);
    expect(await db.select().from(travellerDetails).where(eq(travellerDetails.travellerId, otherTraveller!.id))).toEqual([]);
    // "Send a new link" revokes it.
    await revokeTripLinks(db, trip.id, NOW);
    expect(await bookingIdForToken(token, NOW)).toBeNull();
    expect(JSON.stringify(await post(token, { intent: "cancel" }))).toBe(JSON.stringify(answers[0]));
  });

  it("expires 180 days after the return date, or 30 days after a later link was sent, at the Indian midnight", async () => {
    // Returns 2027-04-07; the link was sent on 2027-01-10: it opens up to 7 Apr + 180 days = 4 Oct 2027 (Indian time).
    const trip = await book({ leadName: "Ira Menon", leadPhone: "+91 90040 33445", leadEmail: "ira@example.com", adults: "1" });
    const token = await tokenOf(trip.id);
    expect(await bookingIdForToken(token, new Date("2027-10-04T18:29:59Z"))).toBe(trip.id); // 23:59:59 on 4 Oct in India
    const expiredAt = new Date("2027-10-04T18:30:00Z"); // 00:00 on 5 Oct in India
    expect(await bookingIdForToken(token, expiredAt)).toBeNull();
    expect(
      JSON.stringify(
        await tripAction(new Request("http://test/trip/x", { method: "POST", body: new URLSearchParams({ intent: "cancel" }) }), token, expiredAt).catch(
          (thrown: unknown) => thrown,
        ),
      ),
    ).toBe(JSON.stringify(await post("nope", { intent: "cancel" })));
    // A link sent after the trip ("Lost your link?" or the team's new link) opens for 30 days from the Indian day it was sent.
    const late = await db.transaction((tx) => mintTripLink(tx, trip.id, "lost-link", new Date("2027-12-01T20:00:00Z"))); // 2 Dec in India
    expect(await bookingIdForToken(late, new Date("2028-01-01T18:29:59Z"))).toBe(trip.id); // 1 Jan, 23:59:59: 2 Dec + 30 days
    expect(await bookingIdForToken(late, new Date("2028-01-01T18:30:00Z"))).toBeNull();
    expect(await bookingIdForToken(token, new Date("2027-12-15T06:00:00Z"))).toBeNull(); // the old link stays expired
  });

  it("looks every token up by its hash: a revoked, tampered, expired or malformed one is never answered early (330 lookups, interleaved)", async () => {
    const trip = await book({ leadName: "Timing Test", leadPhone: "+91 90040 55555", leadEmail: "timing@example.com", adults: "1" });
    const token = await tokenOf(trip.id);
    await revokeTripLinks(db, trip.id, NOW);
    const old = await book({ leadName: "Timing Old", leadPhone: "+91 90040 55556", leadEmail: "timing-old@example.com", adults: "1" });
    const expired = await tokenOf(old.id);
    // Every lookup is made on 1 Nov 2027, when the second booking's link (return 7 Apr + 180 days) has expired.
    const LATER = new Date("2027-11-01T06:00:00Z");
    expect(await bookingIdForToken(expired, NOW)).toBe(old.id);
    const kinds = {
      revoked: token,
      tampered: `${token.slice(0, 20)}Z${token.slice(21)}`,
      expired,
      malformed: "ab",
      guess: crypto.randomBytes(32).toString("base64url"),
    };
    type Measured = Exclude<keyof typeof kinds, "guess">;
    // Each round times the kinds back to back and compares them with a random well-formed guess of the same
    // round, so the ratio is paired with the same moment's load.
    const ratios: Record<Measured, number[]> = { revoked: [], tampered: [], expired: [], malformed: [] };
    const time = async (value: string) => {
      const started = process.hrtime.bigint();
      expect(await bookingIdForToken(value, LATER)).toBeNull();
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    for (let i = 0; i < 66; i += 1) {
      // The order turns each round, so being first (or last) in a round favours no kind.
      const names = Object.keys(kinds) as (keyof typeof kinds)[];
      const order = names.map((_, k) => names[(i + k) % names.length]!);
      const took: Record<string, number> = {};
      for (const kind of order) took[kind] = await time(kinds[kind]);
      // The first 10 rounds warm the query up and are not counted.
      if (i < 10) continue;
      for (const kind of Object.keys(ratios) as Measured[]) ratios[kind].push(took[kind]! / took.guess!);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // An early exit (a length or alphabet check, or a revoked or expired token refused before the query) would
    // skip the database and answer in a few microseconds against the guess's millisecond: a ratio near 0.
    // One-sided on purpose: a token that exists may cost one join more than a guess, and its holder already
    // knows it existed, so only "faster than a guess" would tell a guesser anything.
    for (const kind of Object.keys(ratios) as Measured[]) expect(median(ratios[kind]), kind).toBeGreaterThan(0.5);
  });

  it("seals the passport number and PAN (never in the database in clear), shows them masked, and refuses them without the key", async () => {
    const trip = await book({
      leadName: "Nisha Menon",
      leadPhone: "+91 90040 33445",
      leadEmail: "nisha@example.com",
      adults: "2",
      travellers: [
        { name: "Nisha Menon", age: "35" },
        { name: "Rahul Menon", age: "37" },
      ],
    });
    const [first, second] = await db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, trip.id)).orderBy(bookingTravellers.position);
    const save = (travellerId: number, field: Parameters<typeof saveDetailField>[1]["field"], value: string) =>
      saveDetailField(trip, { travellerId, field, value }, NOW);
    // Nothing before consent.
    expect(await save(first!.id, "food", "Vegetarian")).toMatchObject({ ok: false, status: 409 });
    await giveConsent(trip, NOW);
    // Without the key: refused with a message, nothing stored.
    delete process.env.TRAVELLER_DATA_KEY;
    resetEnvForTests();
    expect(await save(first!.id, "passportNumber", "K1234567")).toEqual({ ok: false, field: "passportNumber", error: NO_KEY_MESSAGE, status: 503 });
    expect(await db.select().from(travellerDetails).where(eq(travellerDetails.travellerId, first!.id))).toEqual([]);
    process.env.TRAVELLER_DATA_KEY = KEY;
    resetEnvForTests();
    try {
      expect(await save(first!.id, "passportNumber", "k 1234567")).toMatchObject({ ok: true, masked: "XXXX4567" });
      expect(await save(first!.id, "pan", "aakpr4821m")).toMatchObject({ ok: true, masked: "XXXX821M" });
      expect(await save(second!.id, "passportNumber", "Z7654321")).toMatchObject({ ok: true });
      expect(await save(second!.id, "food", "Jain")).toMatchObject({ ok: true, value: "Jain" });
      // The raw rows: neither value in clear, each sealed value opens with the key.
      const raw = JSON.stringify(await db.execute(sql`select * from traveller_details`));
      for (const clear of ["K1234567", "AAKPR4821M", "Z7654321"]) expect(raw).not.toContain(clear);
      const [row] = await db.select().from(travellerDetails).where(eq(travellerDetails.travellerId, first!.id));
      expect(openField(row!.passportNumberSealed!, travellerDataKey()!)).toBe("K1234567");
      expect(row!.passportNumberSealed).toMatch(/^v1\./);
      // The team sees them masked; the export too.
      const panel = await loadTripPanel(trip, admin);
      expect(panel.travellers[0]).toMatchObject({ passportNumber: "XXXX4567", pan: "XXXX821M" });
      const exported = JSON.stringify(personalDataExport(key("nisha@example.com"), await findPersonalData(key("nisha@example.com")), NOW));
      expect(exported).toContain("XXXX4567");
      expect(exported).not.toContain("K1234567");
      expect(exported).not.toContain("AAKPR4821M");
      // Validation beside the field: a future birth date, impossible passport dates, a bad PAN.
      expect(await save(first!.id, "dateOfBirth", "2030-01-01")).toMatchObject({ ok: false, error: "The date of birth cannot be in the future." });
      expect(await save(first!.id, "passportIssuedOn", "2020-05-01")).toMatchObject({ ok: true });
      expect(await save(first!.id, "passportExpiresOn", "2019-05-01")).toMatchObject({ ok: false, error: "The expiry date must be after the issue date." });
      expect(await save(first!.id, "passportExpiresOn", "2027-08-01")).toMatchObject({
        ok: true,
        warning: expect.stringContaining("within 6 months of your return (7 Apr 2027)"),
      });
      expect(await save(first!.id, "pan", "ABCD1234F")).toMatchObject({ ok: false, error: "A PAN has 10 characters; this has 9." });
      // The 4th letter is who holds it (the billing details' check): "D" holds nothing, so it could not be used for TCS.
      expect(await save(first!.id, "pan", "ABCDE1234F")).toMatchObject({ ok: false, error: expect.stringContaining('"D" is not one of them') });

      // Ask for a cancellation: a task with the refund shown, an e-mail to the team, and the booking not cancelled.
      expect(await askForCancellation(trip, "Visa refused", NOW)).toEqual({ ok: true, already: false });
      expect(await askForCancellation(trip, "Again", NOW)).toEqual({ ok: true, already: true });
      const tasks = await db.select().from(bookingTasks).where(eq(bookingTasks.bookingId, trip.id));
      // 81 days before departure: 90% of the tour cost refunded; nothing paid, so nothing comes back.
      expect(tasks).toHaveLength(1);
      expect(tasks[0]!.detail).toMatchObject({ daysBefore: 81, refundBps: 9000, paidPaise: 0, refundPaise: 0, message: "Visa refused" });
      const [still] = await db.select({ state: bookings.state }).from(bookings).where(eq(bookings.id, trip.id));
      expect(still!.state).toBe("held");
      const team = await db.select().from(jobs).where(eq(jobs.subjectType, "booking-team"));
      expect(team.map((job) => (job.payload as { subject: string }).subject)).toContain(
        `Cancellation asked: ${trip.reference} Nisha Menon, ${trip.packageTitle}`,
      );

      // Erasure takes the details, sealed values and all, with the booking's personal data.
      await transitionBooking(trip.id, "cancel", { actor: admin, now: NOW }, { reason: "Visa refused" });
      await deletePersonalData(key("nisha@example.com"), { viewer: admin });
      expect(await db.select().from(travellerDetails).where(eq(travellerDetails.bookingId, trip.id))).toEqual([]);
      expect(JSON.stringify(await db.select().from(bookingTasks).where(eq(bookingTasks.bookingId, trip.id)))).not.toContain("Visa refused");
    } finally {
      delete process.env.TRAVELLER_DATA_KEY;
      resetEnvForTests();
    }
  });
});

describe("their reviews", () => {
  /** The token of the review link the team's "Send a new review link" e-mailed for this booking. */
  const reviewLinkSentTo = async (bookingId: number) => {
    const [mail] = await db
      .select({ payload: jobs.payload })
      .from(jobs)
      .innerJoin(activity, eq(sql`${activity.id}`, jobs.subjectId))
      .where(sql`${activity.kind} = 'review.link-sent' and ${activity.subjectId} = ${String(bookingId)}`);
    return /\/review\/([A-Za-z0-9_-]{43})/.exec((mail!.payload as { text: string }).text)![1]!;
  };

  it("are in the export (stars, title, text, status, dates); the retention sweep deletes unpublished ones and takes the name off published ones, with the page's cached copy", async () => {
    const trip = await book({ leadName: "Farah Khan", leadPhone: "+91 90040 55667", leadEmail: "farah@example.com", adults: "1", state: "confirmed" });
    const back = new Date("2027-04-12T06:00:00Z");
    expect(await sendNewReviewLink(trip, admin, undefined, back)).toMatchObject({ ok: true });
    const token = await reviewLinkSentTo(trip.id);
    const input = reviewInputSchema.parse({ stars: "4", title: "Kind hosts", body: "The homestay in Munnar was warm and the food wonderful." });
    const written = await submitReview(token, input, back);
    expect(written.ok).toBe(true);
    const reviewId = (written as { reviewId: number }).reviewId;
    await moderateReview(moderationActionSchema.parse({ intent: "publish", reviewId: String(reviewId) }), admin, null, new Date("2027-04-13T06:00:00Z"));

    const exported = personalDataExport(key("farah@example.com"), await findPersonalData(key("farah@example.com")), back);
    expect(exported.bookings).toHaveLength(1);
    expect(exported.bookings[0]!.reviews).toEqual([
      {
        stars: 4,
        title: "Kind hosts",
        body: "The homestay in Munnar was warm and the food wonderful.",
        authorName: "Farah K.",
        travelledOn: "2027-04-01",
        status: "published",
        reply: null,
        createdAt: back,
        moderatedAt: new Date("2027-04-13T06:00:00Z"),
        repliedAt: null,
        photos: [],
      },
    ]);

    // A second traveller on the same trip wrote a review the team never published.
    const other = await book({ leadName: "Gauri Iyer", leadPhone: "+91 90040 55668", leadEmail: "gauri@example.com", adults: "1", state: "confirmed" });
    await sendNewReviewLink(other, admin, undefined, back);
    const otherToken = await reviewLinkSentTo(other.id);
    expect(
      await submitReview(otherToken, reviewInputSchema.parse({ stars: "2", title: "Long drives", body: "Too long in the car each day." }), back),
    ).toMatchObject({ ok: true });

    // The retention sweep (ENQUIRY_RETENTION_MONTHS, ADR 121): once the completed trips are older than the setting,
    // the unpublished review goes and the published one stays on the page without the traveller's name.
    await transitionBooking(trip.id, "complete", { actor: admin, now: back });
    await transitionBooking(other.id, "complete", { actor: admin, now: back });
    const version = await readContentVersion(db);
    // They came back on 7 April: kept while the cutoff (six months back) is that day, swept from the day after.
    expect(await deleteExpiredEnquiries(6, new Date("2027-10-07T06:00:00Z"))).toMatchObject({ reviews: 0, reviewsAnonymised: 0 });
    expect(
      await db
        .select()
        .from(reviews)
        .where(inArray(reviews.bookingId, [trip.id, other.id])),
    ).toHaveLength(2);
    expect(await readContentVersion(db)).toBe(version);
    expect(await deleteExpiredEnquiries(6, new Date("2027-10-08T06:00:00Z"))).toMatchObject({ reviews: 1, reviewsAnonymised: 1 });
    expect(await db.select().from(reviews).where(eq(reviews.bookingId, other.id))).toEqual([]);
    const [kept] = await db.select().from(reviews).where(eq(reviews.bookingId, trip.id));
    expect(kept).toMatchObject({ authorName: "A traveller", stars: 4, title: "Kind hosts", status: "published" });
    expect((await packageVerifiedReviews(kept!.packageId)).items.find((item) => item.id === kept!.id)).toMatchObject({
      authorName: "A traveller",
      travelled: "Travelled April 2027",
    });
    expect(
      await db
        .select()
        .from(reviewLinks)
        .where(inArray(reviewLinks.bookingId, [trip.id, other.id])),
    ).toEqual([]);
    expect(await readContentVersion(db)).toBe(version + 1);
    // A second sweep finds nothing more to do.
    expect(await deleteExpiredEnquiries(6, new Date("2027-10-09T06:00:00Z"))).toMatchObject({ reviews: 0, reviewsAnonymised: 0 });
    expect((await findPersonalData(key("farah@example.com"))).booked.reviews.map((review) => review.authorName)).toEqual(["A traveller"]);
  });
});
