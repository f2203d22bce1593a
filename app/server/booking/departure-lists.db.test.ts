import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newBookingSchema } from "~/lib/booking-schema";
import type { GroupDate } from "~/lib/content-types";
import type { Db } from "~/server/db/db.server";
import { bookingTravellers, packages } from "~/server/db/schema.server";
import { resetEnvForTests } from "~/server/env.server";
import { giveConsent, saveDetailField } from "~/server/trip/trip-actions.server";
import { loadTripPage } from "~/server/trip/trip-page.server";
import { bookablePackages } from "../../../tests/support/booking-fixtures";
import { insertStaff } from "../../../tests/support/enquiry-fixtures";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { createBooking } from "./booking-create.server";
import { departureList, departureListCsv, departureListXlsx } from "./departure-lists.server";

// The manifest of a trip abroad carries each traveller's passport as the team sees it (issue 48: "masked in the CSV
// export"), and its expiry; the number itself never leaves the traveller's sealed details.
let db: Db;
let abroadId: number;
let homeId: number;
const DATES: GroupDate[] = [{ id: "dMay", name: "May Batch", start: "2027-05-03", end: "2027-05-09", capacity: 30 }];
const NOW = new Date("2027-01-10T06:00:00Z");
const PASSPORT = "Z7654321";
const keyBefore = process.env.TRAVELLER_DATA_KEY;

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  [abroadId, homeId] = (await bookablePackages(db, DATES, 2)) as [number, number];
  await db.update(packages).set({ overseas: true, region: "international" }).where(eq(packages.id, abroadId));
  await db.update(packages).set({ overseas: false, region: "national", groupDates: DATES }).where(eq(packages.id, homeId));
  process.env.TRAVELLER_DATA_KEY = "c".repeat(64);
  resetEnvForTests();
});
afterAll(async () => {
  if (keyBefore === undefined) delete process.env.TRAVELLER_DATA_KEY;
  else process.env.TRAVELLER_DATA_KEY = keyBefore;
  resetEnvForTests();
  await closeTestDatabase();
});

async function bookTwo(packageId: number, leadName: string) {
  const staff = await insertStaff(db, `Asha ${leadName}`, "admin");
  const input = newBookingSchema.parse({
    packageId,
    departureId: "dMay",
    room: "twin",
    leadName,
    leadPhone: "+91 98450 12345",
    adults: "2",
    state: "confirmed",
  });
  const made = await createBooking(input, { actor: { id: staff.id, email: staff.email, name: staff.name }, now: NOW });
  if (!made.ok) throw new Error(made.message);
  const travellers = await db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, made.booking.id)).orderBy(bookingTravellers.position);
  return { booking: made.booking, travellers };
}

describe("a departure's manifest", () => {
  it("abroad: each traveller's passport masked and its expiry, blank until given; never the number, in CSV or Excel", async () => {
    const { booking, travellers } = await bookTwo(abroadId, "Meera Rao");
    await giveConsent(booking, NOW);
    for (const [field, value] of [
      ["passportNumber", PASSPORT],
      ["passportIssuedOn", "2021-02-01"],
      ["passportExpiresOn", "2031-01-31"],
    ] as const)
      expect(await saveDetailField(booking, { travellerId: travellers[0]!.id, field, value }, NOW)).toMatchObject({ ok: true });

    const list = (await departureList("manifest", abroadId, "dMay", NOW))!;
    expect(list.columns.map((column) => column.title).slice(-3)).toEqual(["Phone", "Passport", "Expires"]);
    expect(list.rows.map((row) => row.slice(-2))).toEqual([
      ["XXXX4321", "31 Jan 2031"],
      ["", ""],
    ]);
    const csv = departureListCsv(list);
    expect(csv).toContain("XXXX4321");
    expect(csv).not.toContain(PASSPORT);
    expect((await departureListXlsx(list)).includes(Buffer.from(PASSPORT))).toBe(false);
  });

  it("at home: no passport columns", async () => {
    await bookTwo(homeId, "Ravi Kumar");
    const list = (await departureList("manifest", homeId, "dMay", NOW))!;
    expect(list.columns.map((column) => column.title)).not.toContain("Passport");
    expect(list.rows[0]).toHaveLength(list.columns.length);
  });

  it("lists a traveller booked without a name by the name given on the trip page (as on the photo ID), the rooming list too", async () => {
    const { booking, travellers } = await bookTwo(homeId, "Kavya Nair");
    await giveConsent(booking, NOW);
    expect(await saveDetailField(booking, { travellerId: travellers[1]!.id, field: "passportName", value: "Arjun Nair" }, NOW)).toMatchObject({ ok: true });
    const manifest = (await departureList("manifest", homeId, "dMay", NOW))!;
    const names = manifest.rows.filter((row) => row.includes(booking.reference)).map((row) => row[1]);
    expect(names).toEqual(["Traveller 1 (name to come)", "Arjun Nair"]);
    const rooming = (await departureList("rooming-list", homeId, "dMay", NOW))!;
    expect(rooming.rows.find((row) => row.includes(booking.reference))?.[3]).toBe("Traveller 1 (name to come); Arjun Nair");
    // The trip page heads the traveller so too.
    const page = await loadTripPage(booking, NOW, { document: (id: number) => `/d/${id}`, itinerary: "/i" });
    expect(page.details.travellers.map((traveller) => traveller.name)).toEqual(["Traveller 1 (name to come)", "Arjun Nair"]);
  });
});
