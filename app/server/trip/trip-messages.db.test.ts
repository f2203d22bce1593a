// The traveller's page, phase 2 (issue 48, ADR 117): the scheduled messages through the job queue for 20 fixture
// bookings with a frozen clock (the right message on the right Indian day, once however often and wherever the sweep
// runs), the final itinerary PDF read back with pdftotext, and the notice edited on the legal pages.
import { spawnSync } from "node:child_process";
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/lib/calendar-date";
import { newBookingSchema } from "~/lib/booking-schema";
import type { GroupDate } from "~/lib/content-types";
import { DEFAULT_DETAILS_NOTICE, DETAILS_NOTICE_SLUG } from "~/lib/traveller-details";
import type { Viewer } from "~/server/auth/guard.server";
import type { Db } from "~/server/db/db.server";
import { bookings, bookingTravellers, jobs, packages, travellerDetails, tripConsents, type BookingRow } from "~/server/db/schema.server";
import { getLegalPage, listLegalPages } from "~/server/legal/legal-queries.server";
import { updateLegalPage } from "~/server/legal/legal-mutations.server";
import { loadBookingPage } from "~/server/booking/booking-page.server";
import { createBooking } from "~/server/booking/booking-create.server";
import { bookablePackages } from "../../../tests/support/booking-fixtures";
import { insertStaff } from "../../../tests/support/enquiry-fixtures";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { giveConsent } from "./trip-actions.server";
import { finalItinerary, finalItineraryPdf } from "./final-itinerary.server";
import { loadTripPage } from "./trip-page.server";
import { queueTripMessages, runTripMessage, TRIP_MESSAGE_JOB, tripMessageDue, type TripMessagePayload } from "./trip-messages.server";

let db: Db;
let admin: Viewer;
let packageId: number;
const NOW = new Date("2027-01-10T06:00:00Z");
const DATES: GroupDate[] = [{ id: "dOpen", name: "Open Batch", start: "2027-04-01", end: "2027-04-07", capacity: 200 }];

async function book(values: Record<string, unknown>): Promise<BookingRow> {
  const input = newBookingSchema.parse({ packageId, departureId: "dOpen", room: "twin", leadPhone: "+91 98450 12345", adults: "2", ...values });
  const result = await createBooking(input, { actor: admin, now: NOW });
  if (!result.ok) throw new Error(result.message);
  return result.booking;
}

/** Every traveller of the booking gives the details the page asks for (a trip abroad: the passport too). */
async function fillDetails(bookingId: number) {
  const travellers = await db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, bookingId));
  await db.insert(travellerDetails).values(
    travellers.map((traveller) => ({
      travellerId: traveller.id,
      bookingId,
      passportName: `Traveller ${traveller.position} Full Name`,
      dateOfBirth: "1990-05-01",
      passportNumberSealed: "v1.x.y.z",
      passportNumberLast4: "1234",
      passportIssuedOn: "2020-01-01",
      passportExpiresOn: "2030-01-01",
      emergencyContact: "Ravi, +91 98450 00000",
    })),
  );
}

/** 00:00 Indian time on `day` is 18:30 UTC the evening before; one second earlier is still the day before. */
const midnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 5.5 * 3_600_000);
const justBefore = (day: string) => new Date(midnight(day).getTime() - 1_000);

const queuedKeys = async () => (await db.select({ key: jobs.onceKey }).from(jobs).where(eq(jobs.type, TRIP_MESSAGE_JOB.name))).map((row) => row.key!).sort();

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  const staff = await insertStaff(db, "Ada Admin", "admin");
  admin = { id: staff.id, email: staff.email, name: staff.name, role: "admin" };
  [packageId] = (await bookablePackages(db, DATES)) as [number];
  await db
    .update(packages)
    .set({
      region: "international",
      overseas: null,
      excluded: ["Visa fees"],
      itinerary: [
        { day: 2, title: "Ubud rice terraces", description: "Tegallalang at sunrise, then the monkey forest.", photo: "" },
        { day: 1, title: "Arrive in Bali", description: "Met at Denpasar airport and driven to Ubud.", photo: "" },
        { day: 3, title: "Fly home", description: "", photo: "" },
      ],
      priceOptions: [
        {
          label: "Deluxe hotels",
          amount: 120_000,
          unit: "per person",
          hotels: [{ destination: "Ubud", nights: 2, hotel: "Alaya Resort Ubud", roomType: "Deluxe", mealPlan: "Breakfast" }],
        },
      ],
    })
    .where(eq(packages.id, packageId));
});
afterAll(closeTestDatabase);

describe("the scheduled messages", () => {
  it("is due from 21 days before departure (details missing) and 7 days before (the pack), by Indian calendar day", () => {
    expect(tripMessageDue("2027-03-22", "2027-02-28")).toBeNull();
    expect(tripMessageDue("2027-03-22", "2027-03-01")).toBe("details-missing");
    expect(tripMessageDue("2027-03-22", "2027-03-14")).toBe("details-missing");
    expect(tripMessageDue("2027-03-22", "2027-03-15")).toBe("pre-departure");
    expect(tripMessageDue("2027-03-22", "2027-03-21")).toBe("pre-departure");
    expect(tripMessageDue("2027-03-22", "2027-03-22")).toBeNull();
  });

  it("queues the right message on the right day for 20 bookings, at 00:00 Indian time, once across two workers and repeated sweeps", async () => {
    // 20 bookings, each pair of these once: by i % 5, confirmed with details missing, confirmed with every detail
    // given, cancelled, held (not confirmed), and confirmed without an e-mail address; by i % 4, departing on 1, 8, 15
    // or 23 Mar 2027 (so one day queues one booking's pack and another's details-missing).
    // Stored as copies of one booking made the ordinary way (20 createBooking calls would take seconds).
    const { id: _id, reference: _reference, createdAt: _created, updatedAt: _updated, ...template } = await book({ leadName: "Template", state: "confirmed" });
    const stored = await db
      .insert(bookings)
      .values(
        Array.from({ length: 20 }, (_, i) => {
          const kind = i % 5;
          const departsOn = ["2027-03-01", "2027-03-08", "2027-03-15", "2027-03-23"][i % 4]!;
          return {
            ...template,
            reference: `PRV-FX${"23456789ABCDEFGHJKMNPQRSTUVWXYZ"[i]}Q`,
            leadName: `Fixture ${i} Traveller`,
            leadEmail: kind === 4 ? null : `fixture${i}@example.com`,
            state: (["confirmed", "confirmed", "cancelled", "held", "confirmed"] as const)[kind]!,
            cancelReason: kind === 2 ? "Fixture" : null,
            holdUntil: kind === 3 ? new Date("2027-01-12T06:00:00Z") : null,
            startDate: departsOn,
            endDate: addDays(departsOn, 2),
          };
        }),
      )
      .returning();
    await db.insert(bookingTravellers).values(stored.flatMap((row) => [1, 2].map((position) => ({ bookingId: row.id, position, kind: "adult" as const }))));
    const fixtures = stored.map((row, i) => ({ row, kind: i % 5, departsOn: row.startDate }));
    for (const { row, kind } of fixtures) if (kind === 1) await fillDetails(row.id);
    await db.delete(bookings).where(eq(bookings.reference, _reference));
    const expected = new Map<string, string>(); // once key → the Indian day it is first queued
    for (const { row, kind, departsOn } of fixtures) {
      if (kind === 0) expected.set(`trip.message:${row.reference}:details-missing:${departsOn}`, addDays(departsOn, -21));
      if (kind === 0 || kind === 1) expected.set(`trip.message:${row.reference}:pre-departure:${departsOn}`, addDays(departsOn, -7));
    }
    // Every day a message falls due: one second before midnight (India), nothing new; at midnight, exactly that day's
    // messages, with two workers sweeping at once; a sweep later that day (the next minute's, or a third server's) adds none.
    // (On PGlite the two interleave between statements only; on two PostgreSQL connections: trip-messages-sweep.pg.db.test.ts.)
    const days = [...new Set([...expected.values()])].sort();
    const seen: string[] = [];
    for (const day of days) {
      expect(await queueTripMessages(justBefore(day)), day).toBe(0);
      const [a, b] = await Promise.all([queueTripMessages(midnight(day)), queueTripMessages(midnight(day))]);
      const dueToday = [...expected].filter(([, first]) => first === day).map(([key]) => key);
      expect(a + b, day).toBe(dueToday.length);
      seen.push(...dueToday);
      expect(await queuedKeys(), day).toEqual([...seen].sort());
    }
    expect(await queueTripMessages(new Date(midnight(days.at(-1)!).getTime() + 15 * 3_600_000))).toBe(0);
    expect(await queuedKeys()).toEqual([...expected.keys()].sort());
    // Queued at midnight, sent at 9:00 Indian time that day (03:30 UTC).
    const [first] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.onceKey, [...expected.keys()].sort()[0]!));
    const day = expected.get(first!.onceKey!)!;
    expect(first!.runAt.toISOString()).toBe(`${day}T03:30:00.000Z`);
  });

  it("sends each e-mail once with a timeline entry and a WhatsApp text; a moved or cancelled booking's job sends nothing", async () => {
    const trip = await book({ leadName: "Kavya Nair", leadEmail: "kavya@example.com", state: "confirmed" });
    await db.update(bookings).set({ startDate: "2027-05-10", endDate: "2027-05-12" }).where(eq(bookings.id, trip.id));
    const keyOf = (kind: string, on: string) => `trip.message:${trip.reference}:${kind}:${on}`;
    expect(await queueTripMessages(midnight("2027-04-19"))).toBeGreaterThanOrEqual(1);
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.onceKey, keyOf("details-missing", "2027-05-10")));
    const payload = job!.payload as TripMessagePayload;
    const sentAt = new Date("2027-04-19T03:30:00Z");
    expect(await runTripMessage(job!.id, payload, sentAt)).toBe("sent");
    expect(await runTripMessage(job!.id, payload, sentAt)).toBe("already");
    const [mail] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.onceKey, `trip.message-email:${job!.id}`));
    const email = mail!.payload as { to: string; subject: string; text: string };
    expect(email.to).toBe("kavya@example.com");
    expect(email.subject).toBe(`Details needed for your trip: ${trip.packageTitle} (${trip.reference})`);
    expect(email.text).toContain("starts on 10 May 2027");
    expect(email.text).toContain(
      "- Traveller 2 (name to come): full name as on the passport, date of birth, passport number, passport issued on, passport expires on, emergency contact (name and phone)\n",
    );
    expect(email.text).toMatch(/\/trip\/[A-Za-z0-9_-]{43}\n/);
    // The timeline shows it, with the WhatsApp text for the team (to the lead's phone, no link in it).
    const page = await loadBookingPage(trip.reference, admin, NOW);
    const entry = page.timeline.find((item) => item.text.startsWith("E-mailed the details missing"));
    expect(entry).toMatchObject({ text: "E-mailed the details missing (21 days before departure)" });
    expect(entry!.whatsapp).toMatch(/^https:\/\/wa\.me\/919845012345\?text=Namaste%20Kavya%2C%20your%20/);
    expect(decodeURIComponent(entry!.whatsapp!)).not.toContain("/trip/");
    // It names no documents (the e-mail lists what is missing, by trip): a trip within India asks no passport.
    expect(decodeURIComponent(entry!.whatsapp!)).toContain(
      `We still need some travellers' details to complete your bookings: our e-mail lists what is missing, with the link to your trip page where you can fill it in (booking ${trip.reference}).`,
    );

    // The date moves: the queued pack for the old date sends nothing; the new date's pack is queued on its own day.
    expect(await queueTripMessages(midnight("2027-05-03"))).toBeGreaterThanOrEqual(1);
    const [pack] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.onceKey, keyOf("pre-departure", "2027-05-10")));
    await db.update(bookings).set({ startDate: "2027-05-20", endDate: "2027-05-22" }).where(eq(bookings.id, trip.id));
    expect(await runTripMessage(pack!.id, pack!.payload as TripMessagePayload)).toBe("not-due");
    // Its details are still missing: the new date's details-missing goes at once (its window), its pack on its day.
    expect(await queueTripMessages(justBefore("2027-05-13"))).toBe(1);
    expect(await queueTripMessages(justBefore("2027-05-13"))).toBe(0);
    expect(await queueTripMessages(midnight("2027-05-13"))).toBe(1);
    const [moved] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.onceKey, keyOf("pre-departure", "2027-05-20")));
    expect(await runTripMessage(moved!.id, moved!.payload as TripMessagePayload, new Date("2027-05-13T03:30:00Z"))).toBe("sent");
    const [packMail] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.onceKey, `trip.message-email:${moved!.id}`));
    const packText = (packMail!.payload as { subject: string; text: string }).text;
    expect((packMail!.payload as { subject: string }).subject).toBe(`Your trip starts on 20 May 2027: ${trip.packageTitle} (${trip.reference})`);
    expect(packText).toMatch(/\/trip\/[A-Za-z0-9_-]{43}\/itinerary\.pdf\n/);
    expect(packText).toContain("- Each traveller's passport (valid for six months after 22 May 2027) and visa papers");
    expect(packText).toContain("- Not included, so plan for it: Visa fees");
    expect(packText).toMatch(/During the trip our team is on \+91 \d{5} \d{5} \(WhatsApp \+91 \d{5} \d{5}\)\./);
    expect(packText).not.toContain("{gst}");
    // Cancelled after its pack was queued: the job sends nothing.
    const other = await book({ leadName: "Dev Shah", leadEmail: "dev@example.com", state: "confirmed" });
    await db.update(bookings).set({ startDate: "2027-05-20", endDate: "2027-05-22" }).where(eq(bookings.id, other.id));
    await fillDetails(other.id);
    expect(await queueTripMessages(midnight("2027-05-14"))).toBe(1);
    await db.update(bookings).set({ state: "cancelled", cancelReason: "Changed plans" }).where(eq(bookings.id, other.id));
    const [cancelled] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.onceKey, `trip.message:${other.reference}:pre-departure:2027-05-20`));
    expect(await runTripMessage(cancelled!.id, cancelled!.payload as TripMessagePayload)).toBe("not-due");
    expect(
      await db
        .select()
        .from(jobs)
        .where(like(jobs.onceKey, `trip.message-email:${cancelled!.id}`)),
    ).toEqual([]);
  });
});

describe("the final itinerary", () => {
  it("prints this booking's dates on each day, the plan, the hotels and the travellers' names; listed on the trip page", async () => {
    const trip = await book({ leadName: "Meera Iyer", leadEmail: "meera@example.com", state: "confirmed", travellers: [{ name: "Meera Iyer" }, { name: "" }] });
    await db.update(bookings).set({ startDate: "2027-03-12", endDate: "2027-03-14" }).where(eq(bookings.id, trip.id));
    const [second] = await db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, trip.id)).orderBy(bookingTravellers.position).offset(1);
    await db.insert(travellerDetails).values({ travellerId: second!.id, bookingId: trip.id, passportName: "Arjun Iyer" });
    const [row] = await db.select().from(bookings).where(eq(bookings.id, trip.id));
    const itinerary = await finalItinerary(row!);
    expect(itinerary.days.map((day) => [day.day, day.date])).toEqual([
      [1, "2027-03-12"],
      [2, "2027-03-13"],
      [3, "2027-03-14"],
    ]);
    const pdf = await finalItineraryPdf(itinerary);
    const text = spawnSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf }).stdout.toString("utf8").replace(/\s+/g, " ");
    for (const expected of [
      "Final itinerary",
      `Booking ${trip.reference}`,
      "1. Meera Iyer",
      "2. Arjun Iyer",
      "Ubud: Alaya Resort Ubud",
      "Fri 12 Mar 2027 to Sun 14 Mar 2027 (2 nights) · Deluxe, Breakfast",
      "DAY 1 · FRI 12 MAR 2027 Arrive in Bali",
      "DAY 2 · SAT 13 MAR 2027 Ubud rice terraces Tegallalang at sunrise",
      "DAY 3 · SUN 14 MAR 2027 Fly home",
      "Page 1 of 1",
    ])
      expect(text).toContain(expected);
    const page = await loadTripPage(row!, NOW, { document: (id) => `/trip/t/documents/${id}`, itinerary: "/trip/t/itinerary.pdf" });
    expect(page.documents[0]).toMatchObject({ title: "Final itinerary", href: "/trip/t/itinerary.pdf", issuedOn: null });
  });
});

describe("the notice above the consent box", () => {
  it("is the seeded legal text until edited on the legal pages; the trip page shows the edit and the consent keeps it; not a public page", async () => {
    const trip = await book({ leadName: "Anil Rao", leadEmail: "anil@example.com", state: "confirmed" });
    const [row] = await db.select().from(bookings).where(eq(bookings.id, trip.id));
    const hrefs = { document: (id: number) => `/d/${id}`, itinerary: "/i" };
    expect((await loadTripPage(row!, NOW, hrefs)).details.noticeHtml).toBe(`<p>${DEFAULT_DETAILS_NOTICE}</p>`);
    const saved = await updateLegalPage(
      DETAILS_NOTICE_SLUG,
      { body: "<p>We collect names and passports <strong>only</strong> to book your trip; deleted 2 years after it.</p>", lastUpdated: "", seoDescription: "" },
      { viewer: admin, ip: null },
    );
    expect(saved).toMatchObject({ ok: true });
    expect((await loadTripPage(row!, NOW, hrefs)).details.noticeHtml).toBe(
      "<p>We collect names and passports <strong>only</strong> to book your trip; deleted 2 years after it.</p>",
    );
    await giveConsent(row!, NOW);
    const [consent] = await db
      .select()
      .from(tripConsents)
      .where(inArray(tripConsents.bookingId, [trip.id]));
    expect(consent!.notice).toBe("We collect names and passports only to book your trip; deleted 2 years after it.");
    expect(await getLegalPage(DETAILS_NOTICE_SLUG)).toBeNull();
    expect((await listLegalPages()).map((page) => page.slug)).not.toContain(DETAILS_NOTICE_SLUG);
    expect((await listLegalPages({ withNotices: true })).at(-1)?.slug).toBe(DETAILS_NOTICE_SLUG);
  });
});
