import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newBookingSchema } from "~/lib/booking-schema";
import type { GroupDate } from "~/lib/content-types";
import type { Viewer } from "~/server/auth/guard.server";
import type { Db } from "~/server/db/db.server";
import { activity, bookings, bookingTravellers, jobs } from "~/server/db/schema.server";
import { ERASED_NAME } from "~/server/enquiry/personal-data-bookings.server";
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
