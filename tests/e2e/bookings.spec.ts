import { spawnSync } from "node:child_process";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import sharp from "sharp";
import { startTestSmtpServer } from "../support/test-smtp";
import { expectNoAxeViolations } from "./axe";
import { deleteBookings, insertBooking } from "./booking-helpers";
import { expect, gotoHydrated, indianDateOf, moveServerClock, test, type TestDatabase } from "./fixtures";
import { TYPED_TRAVELLER_IDS } from "./traveller-ids";

// Issue 45 (ADR 088): the team's journeys with bookings, and the seats the public page shows.

type Departure = { id: string; name: string; start: string; end: string; capacity?: number };
type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Bali's stored departures, its next one given `capacity` seats (put back after the test). */
async function baliWithCapacity(db: TestDatabase, capacity: number) {
  const query: Query = (text, params) => db.query(text, params);
  const [row] = await query("select group_dates from packages where slug = 'bali'");
  const dates = row!.group_dates as Departure[];
  const today = new Date().toISOString().slice(0, 10);
  const next = dates.filter((date) => date.start > today).sort((a, b) => a.start.localeCompare(b.start))[0]!;
  db.onCleanup(() => db.query("update packages set group_dates = $1::jsonb where slug = 'bali'", [JSON.stringify(dates)]));
  db.onCleanup(() => deleteBookings(query, { packageSlug: "bali" }));
  await db.query("update packages set group_dates = $1::jsonb where slug = 'bali'", [
    JSON.stringify(dates.map((date) => (date.id === next.id ? { ...date, capacity } : date))),
  ]);
  return next;
}

/** An inline image of a received message (its Content-ID), from its base64 part. */
function inlinePng(raw: string, contentId: string): Buffer {
  const part = raw.split(/\r?\n--/).find((chunk) => chunk.includes(`Content-ID: <${contentId}>`));
  if (!part) throw new Error(`no part with Content-ID <${contentId}>`);
  expect(part).toContain("Content-Type: image/png");
  return Buffer.from(
    part
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join("")
      .replace(/\s+/g, ""),
    "base64",
  );
}

/** What a QR code in a PNG says. */
function decodeQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/** The public page's line for one departure. */
const departureItem = (page: Page, name: string) =>
  page.getByRole("region", { name: "Upcoming Group Departures" }).getByRole("listitem").filter({ hasText: name });

const moveClock = (page: Page, ms: number) => moveServerClock(page.request, ms);

test("a visitor's seat request becomes a confirmed booking in four clicks from the inbox, and the public page shows 2 fewer seats", async ({
  page,
  db,
  adminSession,
}) => {
  test.setTimeout(120_000);
  const departure = await baliWithCapacity(db, 12);
  const name = `Booking Visitor ${Date.now()}`;
  db.onCleanup(() => db.query("delete from leads where name = $1", [name]));

  await page.context().addInitScript(() => window.localStorage.setItem("pravas.leadPopup.submitted", "true"));
  await gotoHydrated(page, "/packages/bali");
  await expect(departureItem(page, departure.name)).toContainText("12 seats left");
  // The visitor's ask, as the package page's form sends it (that form's own journey is in seats.spec.ts).
  const sent = await page.request.post("/api/seat-requests", {
    data: {
      packageSlug: "bali",
      departureId: departure.id,
      name,
      phone: "+91 98450 12345",
      email: "visitor@example.com",
      adults: 2,
      children: 0,
      room: "twin",
    },
    headers: { "x-forwarded-for": "10.45.0.1" },
  });
  expect(sent.status()).toBe(201);
  // A request takes no seat.
  await gotoHydrated(page, "/packages/bali");
  await expect(departureItem(page, departure.name)).toContainText("12 seats left");

  // The team member now, in the same browser: the worker's kept session (ADR 084), no sign-in form.
  await adminSession.into(page, db);
  await gotoHydrated(page, "/admin/enquiries");
  await page.getByRole("link", { name }).first().click(); // 1
  await page.getByRole("link", { name: "Make a booking" }).click(); // 2
  const form = page.getByRole("form", { name: "New booking" });
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 15_000 });
  // Filled from the request: package, departure, travellers, contact.
  await expect(form.getByLabel("Departure")).toHaveValue(departure.id);
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(form.getByLabel("Adults")).toHaveValue("2");
  await expect(form.getByLabel("E-mail (optional)")).toHaveValue("visitor@example.com");
  await expectNoAxeViolations(page);
  await form.getByRole("radio", { name: /Confirm now/ }).check(); // 3
  await page.getByRole("button", { name: "Make the booking" }).click(); // 4

  await expect(page).toHaveURL(/\/admin\/bookings\/PRV-[2-9A-HJKMNP-Z]{5}$/);
  const summary = page.getByRole("region", { name: "Booking" });
  await expect(summary).toContainText("Confirmed");
  await expect(summary).toContainText(name);
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(/made|created/i);
  const reference = page.url().split("/").pop()!;
  const [lead] = await db.query<{ status: string }>("select status from leads where name = $1", [name]);
  expect(lead?.status).toBe("converted");
  const [mail] = await db.query<{ n: number }>(
    // Not the scheduled trip messages (ADR 117): Bali's next departure may be within 21 days, so "details missing" may go too.
    "select count(*)::int as n from jobs o join activity a on a.id = o.subject_id where a.subject_type = 'booking' and a.kind <> 'trip.message-sent' and o.subject_type = 'booking-traveller' and a.subject_id = (select id::text from bookings where reference = $1)",
    [reference],
  );
  expect(mail?.n).toBe(1);

  await gotoHydrated(page, "/packages/bali");
  await expect(departureItem(page, departure.name)).toContainText("10 seats left");

  let tripPath = "";
  await test.step("issue 48: the traveller opens the trip page from the confirmation e-mail, gives two travellers' details and asks to cancel", async () => {
    const [confirmation] = await db.query<{ payload: { text: string } }>(
      "select o.payload from jobs o join activity a on a.id = o.subject_id where o.subject_type = 'booking-traveller' and a.kind <> 'trip.message-sent' and a.subject_id = (select id::text from bookings where reference = $1)",
      [reference],
    );
    const link = /https?:\/\/\S+\/trip\/[A-Za-z0-9_-]{43}/.exec(confirmation!.payload.text)![0];
    tripPath = new URL(link).pathname;
    await page.setViewportSize({ width: 390, height: 844 });
    const response = await page.goto(new URL(link).pathname);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["referrer-policy"]).toContain("no-referrer");
    await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Bali/);
    await expect(page.getByText("Your booking is confirmed.")).toBeVisible();
    // What the booking asks (ADR 115): 2 × ₹99,500, IGST 5% (the agency's state is not set here), and Bali is overseas:
    // TCS at 5% without a PAN on ₹2,08,950, ₹10,447.50.
    await expect(page.getByRole("region", { name: "Payments" })).toContainText("₹2,19,397.50 (₹1,99,000 + GST ₹9,950 + TCS ₹10,447.50)");
    await expectNoAxeViolations(page);
    const details = page.getByRole("region", { name: "Traveller details" });
    await details.getByRole("checkbox", { name: /I have read this notice/ }).check();
    await details.getByRole("button", { name: "Agree and fill in the details" }).click();
    const first = details.getByRole("form").first();
    await expect(first.getByLabel("Full name as on the passport")).toBeEnabled();
    // Saved per field on leaving it.
    await first.getByLabel("Full name as on the passport").fill("MEERA RAO");
    await first.getByLabel("Passport number").fill(TYPED_TRAVELLER_IDS.passportNumber);
    await first.getByLabel("Passport issued on").focus();
    await expect(first.getByText("Saved: XXXX4567. Type it again only to change it.")).toBeVisible();
    await first.getByLabel("Date of birth").fill("2090-01-01");
    await first.getByLabel("Food preferences").focus();
    await expect(first.getByLabel("Date of birth")).toHaveAccessibleDescription("The date of birth cannot be in the future.");
    await first.getByLabel("Date of birth").fill("1985-06-15");
    await first.getByLabel("Food preferences").fill("Vegetarian");
    await first.getByLabel("Medical notes").focus();
    await expect(first.locator("[data-field=food]")).toContainText("Saved");
    // The second traveller through the form's Save button.
    const second = details.getByRole("form").nth(1);
    await second.getByLabel("Full name as on the passport").fill("ARJUN RAO");
    await second.getByLabel("PAN (for TCS)").fill(TYPED_TRAVELLER_IDS.travellerPan);
    await second.getByRole("button", { name: /Save .* details/ }).click();
    await expect(second.getByText("Saved: XXXX821M. Type it again only to change it.")).toBeVisible();
    const cancel = page.getByRole("region", { name: "Ask for a cancellation" });
    await expect(cancel).toContainText("the package's rule refunds");
    await cancel.getByLabel("Anything we should know? (optional)").fill("My father is unwell.");
    await cancel.getByRole("button", { name: "Ask for a cancellation" }).click();
    await expect(cancel.getByRole("status")).toContainText("We have your request.");
    await page.setViewportSize({ width: 1366, height: 768 });
    await expectNoAxeViolations(page);
    const [raw] = await db.query<{ dump: string }>("select string_agg(t::text, ' ') as dump from traveller_details t");
    expect(raw!.dump).not.toContain(TYPED_TRAVELLER_IDS.passportNumber);
    expect(raw!.dump).not.toContain(TYPED_TRAVELLER_IDS.travellerPan);

    // The team sees the request as a task on the booking, and the ids masked.
    await gotoHydrated(page, `/admin/bookings/${reference}`);
    const panel = page.getByRole("region", { name: "Traveller's page" });
    await expect(panel).toContainText("Cancellation asked");
    await expect(panel).toContainText("Their message: My father is unwell.");
    await expect(panel).toContainText("XXXX4567");
    await expect(page.getByRole("region", { name: "Booking" })).toContainText("Confirmed");
    // "View as traveller": the admin page's title is its one h1; the trip's title is a heading below it.
    await gotoHydrated(page, `/admin/bookings/${reference}/trip`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${reference}: the traveller's page`);
    await expect(page.getByRole("heading", { level: 2, name: /Bali/ })).toBeVisible();
  });

  await test.step("issue 48: the trip has started, so the team issues the tax invoice, and the traveller downloads it from the trip page", async () => {
    // It began 9 days ago (Indian dates): the tax invoice is issued when the trip starts, paid or not (issue 47).
    const day = (offset: number) => new Date(Date.now() + 330 * 60_000 + offset * 86_400_000).toISOString().slice(0, 10);
    await db.query("update bookings set start_date = $2, end_date = $3 where reference = $1", [reference, day(-9), day(-3)]);
    // The agency's details, so that documents are issued; put back afterwards, and the invoice purged (documents are never deleted otherwise).
    const [business] = await db.query("select business_legal_name, business_address, business_state_code, gstin from site_settings where id = 1");
    db.onCleanup(() =>
      db.query("update site_settings set business_legal_name = $1, business_address = $2, business_state_code = $3, gstin = $4 where id = 1", [
        business!.business_legal_name,
        business!.business_address,
        business!.business_state_code,
        business!.gstin,
      ]),
    );
    db.onCleanup(() =>
      db.query(
        "with purge as materialized (select set_config('pravas.ledger_purge', 'on', true) as on) delete from tax_documents where booking_id = (select id from bookings where reference = $1) and exists (select 1 from purge)",
        [reference],
      ),
    );
    await db.query(
      "update site_settings set business_legal_name = 'Pravas Holidays Private Limited', business_address = $1, business_state_code = '27', gstin = '27AAPFU0939F1ZV' where id = 1",
      ["Office 4, Prabhat Road\nPune 411004"],
    );
    await gotoHydrated(page, `/admin/bookings/${reference}`);
    const documents = page.getByRole("region", { name: "Documents" });
    // GST depends on the traveller's state: Maharashtra, the agency's own.
    await documents.getByText("Billing details (printed on the documents)").click();
    await documents.getByLabel("Address").fill("12 Law College Road\nPune 411004");
    await documents.getByLabel("State (GST)").selectOption("27");
    await documents.getByRole("button", { name: "Save billing details" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Billing details saved" })).toBeVisible();
    await documents.getByRole("button", { name: "Issue tax invoice" }).click();
    await expect(page.getByRole("status").filter({ hasText: "issued: download it from Documents." })).toBeVisible();

    // The traveller's page lists it; the link downloads the PDF.
    await gotoHydrated(page, tripPath);
    const invoice = page.getByRole("region", { name: "Documents" }).getByRole("link", { name: /^Tax Invoice / });
    const [download] = await Promise.all([page.waitForEvent("download"), invoice.click()]);
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = spawnSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf }).stdout.toString("utf8").replace(/\s+/g, " ");
    expect(text).toContain(`TAX INVOICE No. ${await invoice.textContent().then((name) => name!.replace(/^Tax Invoice /, "").trim())}`);
    expect(text).toContain(reference);
    // 2 × ₹99,500 = ₹1,99,000, CGST 2.5% ₹4,975 and SGST 2.5% ₹4,975: ₹2,08,950.00; TCS 5% (no PAN) ₹10,447.50; due ₹2,19,397.50.
    expect(text).toContain("CGST @ 2.5% ₹4,975.00");
    expect(text).toContain("₹2,08,950.00 Total");
    expect(text).toContain("₹10,447.50 ₹2,19,397.50 Amount due now Rupees Two Lakh Nineteen Thousand Three Hundred Ninety Seven and Fifty Paise Only");
  });

  await test.step("issue 48: after the trip, the traveller reviews it from the e-mail link, the team publishes it, and Bali's page shows it with its JSON-LD", async () => {
    // The trip is over: it came back 3 days ago (Indian dates), so the minute's pass sends the request at once.
    const day = (offset: number) => new Date(Date.now() + 330 * 60_000 + offset * 86_400_000).toISOString().slice(0, 10);
    await db.query("update bookings set start_date = $2, end_date = $3 where reference = $1", [reference, day(-9), day(-3)]);
    db.onCleanup(async () => {
      await db.query("delete from reviews where booking_id = (select id from bookings where reference = $1)", [reference]);
      // The package page cached with the review goes with it (ADR 003).
      await db.query("update content_version set version = version + 1");
    });
    await moveClock(page, 0);
    const [request] = await db.query<{ payload: { text: string } }>(
      "select payload from jobs where once_key = 'review.request:booking:' || (select id from bookings where reference = $1)",
      [reference],
    );
    const link = /https?:\/\/\S+\/review\/[A-Za-z0-9_-]{43}/.exec(request!.payload.text)![0];

    await page.setViewportSize({ width: 390, height: 844 });
    const response = await page.goto(new URL(link).pathname);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["x-robots-tag"]).toContain("noindex");
    await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/How was Bali/);
    await expectNoAxeViolations(page);
    // Sent without stars: the message beside the stars, what was typed kept.
    await page.getByLabel("Title").fill("Wayan made our week");
    await page.getByLabel(/Your review/).fill("<script>alert(1)</script>Our guide Wayan was superb, and the rice terraces at dawn were the best morning.");
    // A photo from the phone (ADR 118): posted with the form, and kept chosen while the form comes back.
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#4a7c59" } })
      .jpeg()
      .toBuffer();
    await page.getByLabel(/^Photos/).setInputFiles({ name: "terraces.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(page.getByRole("list", { name: "Photos chosen" }).getByRole("img")).toHaveCount(1);
    await page.getByRole("button", { name: "Send my review" }).click();
    const five = page.getByRole("radio", { name: /5 stars/ });
    await expect(page.getByRole("group", { name: "Your rating" })).toHaveAccessibleDescription("Choose from 1 to 5 stars.");
    await expect(five).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Title")).toHaveValue("Wayan made our week");
    await page.setViewportSize({ width: 1366, height: 768 });
    await expectNoAxeViolations(page);
    await five.check({ force: true });
    await page.getByRole("button", { name: "Send my review" }).click();
    await expect(page.getByText("Thank you! Your review is with our team")).toBeVisible();
    // One review per link: it no longer opens.
    expect((await page.request.get(new URL(link).pathname)).status()).toBe(404);

    // The team publishes it from the Reviews screen.
    await gotoHydrated(page, "/admin/reviews");
    const card = page.getByRole("article", { name: "Wayan made our week" });
    await expect(card).toContainText("Our guide Wayan was superb");
    await expect(card).not.toContainText("script");
    await expect(card.getByRole("img", { name: /^Photo 1 of 1 from/ })).toBeVisible();
    await card.getByRole("button", { name: "Publish “Wayan made our week”" }).click();
    await expect(page.getByRole("status").or(page.getByRole("alert")).first()).toContainText("Published");

    // The package page at its next request: "Verified traveller", the month, and the rating in its JSON-LD from this review alone.
    await gotoHydrated(page, "/packages/bali");
    const reviews = page.getByRole("region", { name: "Customer Reviews" });
    const verified = reviews.getByRole("listitem").filter({ hasText: "Wayan made our week" });
    await expect(verified).toContainText("Verified traveller");
    const month = new Date(`${day(-9)}T00:00:00Z`).toLocaleString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
    await expect(verified).toContainText(`Travelled ${month}`);
    // Its photo: sized and lazy, loaded once scrolled to.
    const shown = verified.getByRole("img", { name: /^Photo 1 of 1 from/ });
    await expect(shown).toHaveAttribute("loading", "lazy");
    await expect(shown).toHaveAttribute("width", "1200");
    await shown.scrollIntoViewIfNeeded();
    await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const trip = blocks.map((text) => JSON.parse(text) as Record<string, unknown>).find((item) => "aggregateRating" in item)!;
    expect(trip["@type"]).toEqual(["TouristTrip", "Product"]);
    expect(trip.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
    expect(trip.review).toEqual([expect.objectContaining({ name: "Wayan made our week", reviewRating: expect.objectContaining({ ratingValue: 5 }) })]);
  });

  // A booking made directly, the trip not chosen: asked for one (not made a private trip), with what was typed kept.
  const [bali] = await db.query<{ id: number }>("select id from packages where slug = 'bali'");
  await gotoHydrated(page, `/admin/bookings/new?package=${bali!.id}`);
  const direct = page.getByRole("form", { name: "New booking" });
  await direct.getByLabel("Name", { exact: true }).fill("Walk-in Traveller");
  await page.getByRole("button", { name: "Make the booking" }).click();
  await expect(direct.getByLabel("Departure")).toHaveAttribute("aria-invalid", "true");
  await expect(direct.getByLabel("Departure")).toHaveAccessibleDescription("Choose a departure or a private trip.");
  await expect(direct.getByLabel("Name", { exact: true })).toHaveValue("Walk-in Traveller");
  await expect(direct.getByLabel("Start date")).toHaveCount(0);
});

test("a hold that passes its deadline expires (the clock moved) and its seats come back on sale", async ({ page, db, adminSession }) => {
  test.setTimeout(90_000);
  const query: Query = (text, params) => db.query(text, params);
  const departure = await baliWithCapacity(db, 4);
  const reference = await insertBooking(query, {
    packageSlug: "bali",
    departureId: departure.id,
    seats: 4,
    state: "held",
    holdHours: 1,
    leadName: "Held Traveller",
  });

  await page.context().addInitScript(() => window.localStorage.setItem("pravas.leadPopup.submitted", "true"));
  await gotoHydrated(page, "/packages/bali");
  await expect(departureItem(page, departure.name)).toContainText("Sold out");

  await moveClock(page, 2 * 60 * 60 * 1000);
  await gotoHydrated(page, "/packages/bali");
  await expect(departureItem(page, departure.name)).toContainText("4 seats left");

  await adminSession.into(page, db);
  await gotoHydrated(page, `/admin/bookings/${reference}`);
  await expect(page.getByRole("region", { name: "Booking" })).toContainText("Expired");
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(/expired/i);
});

test("cancelling a confirmed booking offers its seats to the waitlist, first come first offered", async ({ adminPage: page, db }) => {
  test.setTimeout(90_000);
  const query: Query = (text, params) => db.query(text, params);
  const departure = await baliWithCapacity(db, 4);
  const sold = await insertBooking(query, { packageSlug: "bali", departureId: departure.id, seats: 4, leadName: "Seated Traveller" });
  const waiting = await insertBooking(query, { packageSlug: "bali", departureId: departure.id, seats: 3, state: "waitlisted", leadName: "Waiting Traveller" });

  await gotoHydrated(page, `/admin/bookings/${waiting}`);
  await expect(page.getByRole("region", { name: "Booking" })).toContainText("Waitlisted");

  await gotoHydrated(page, `/admin/bookings/${sold}`);
  const money = page.getByRole("region", { name: "Money" });
  // Due today, or overdue: the worker's server clock may already have been moved on by an earlier test (never back).
  const asks = /Full payment: ₹4,18,000 (due by|overdue since)/;
  await expect(money).toContainText(asks);
  await page.getByRole("button", { name: "Cancel the booking" }).click();
  const dialog = page.getByRole("dialog", { name: `Cancel booking ${sold}?` });
  await dialog.getByLabel("Reason").fill("The traveller's visa was refused.");
  await dialog.getByRole("button", { name: "Cancel the booking" }).click();
  await expect(page.getByRole("region", { name: "Booking" })).toContainText("Cancelled");
  await expect(page.getByRole("region", { name: "Booking" })).toContainText("Reason: The traveller's visa was refused.");
  // The pressed button is gone with the state: the keyboard goes on from the notice, not from the page's start.
  await expect(page.getByRole("status").filter({ hasText: "Booking cancelled" }).locator("div").first()).toBeFocused();
  // The team is told who the freed seats went to.
  await expect(page.getByRole("status").filter({ hasText: "Booking cancelled" })).toContainText(
    `Offered from the waitlist: ${waiting} (Waiting Traveller, 3 seats).`,
  );
  // A cancelled booking asks for no more money.
  await expect(money).toContainText("Nothing more is owed: the booking is cancelled.");
  await expect(money).not.toContainText(/due by|overdue since/);

  await gotoHydrated(page, `/admin/bookings/${waiting}`);
  await expect(page.getByRole("region", { name: "Booking" })).toContainText("Held");
  await expect(page.getByRole("region", { name: "Booking" })).toContainText("Seats held until");
  const [seats] = await db.query<{ held: number }>(
    "select coalesce(sum(seats) filter (where state = 'held'), 0)::int as held from bookings where departure_id = $1 and deleted_at is null",
    [departure.id],
  );
  expect(seats?.held).toBe(3);
});

test("money: the billing details add the taxes, a deposit paid through the fake gateway gives a receipt voucher, the balance's reminder e-mail at an SMTP server with its UPI QR (decoded) at 9:00 IST, the balance recorded by hand gives the tax invoice (₹0.00 due), a cancellation the credit note, the GST register all three; the dashboard's due figure", async ({
  adminPage: page,
  db,
}) => {
  test.setTimeout(120_000);
  const query: Query = (text, params) => db.query(text, params);
  const departure = await baliWithCapacity(db, 20);
  const reference = await insertBooking(query, { packageSlug: "bali", departureId: departure.id, seats: 1, leadName: "Kavya Menon" });
  const email = `pay-${reference.toLowerCase()}@example.com`;
  const [settings] = await query("select upi_id, upi_payee_name from site_settings limit 1");
  db.onCleanup(() => db.query("update site_settings set upi_id = $1, upi_payee_name = $2", [settings!.upi_id, settings!.upi_payee_name]));
  // The ledger is append-only: only a statement that switches the purge on in its own transaction may clear the test's rows.
  db.onCleanup(async () => {
    const booking = "(select id from bookings where reference = $1)";
    await db.query(`delete from payment_references where ledger_id in (select id from payment_ledger where booking_id = ${booking})`, [reference]);
    await db.query(
      `with purge as materialized (select set_config('pravas.ledger_purge', 'on', true) as on) delete from payment_ledger where booking_id = ${booking} and exists (select 1 from purge)`,
      [reference],
    );
    await db.query(`delete from payment_gateway_events where booking_id = ${booking} or reference like $1 || '%'`, [reference]);
    await db.query(`delete from payment_links where booking_id = ${booking}`, [reference]);
    await db.query(`delete from jobs where type = 'payment.reminder' and once_key like $1`, [`payment.reminder:${reference}:%`]);
  });
  await query("update site_settings set upi_id = 'pravas@okicici', upi_payee_name = 'Pravas Holidays'");
  // The agency's details, so that documents are issued (receipt vouchers automatically, issue 47); put back afterwards.
  const [business] = await query(
    "select business_legal_name, business_address, business_state_code, gstin, auto_receipt_vouchers from site_settings where id = 1",
  );
  db.onCleanup(() =>
    db.query(
      "update site_settings set business_legal_name = $1, business_address = $2, business_state_code = $3, gstin = $4, auto_receipt_vouchers = $5 where id = 1",
      [business!.business_legal_name, business!.business_address, business!.business_state_code, business!.gstin, business!.auto_receipt_vouchers],
    ),
  );
  await query(
    "update site_settings set business_legal_name = 'Pravas Holidays Private Limited', business_address = $1, business_state_code = '27', gstin = '27AAPFU0939F1ZV', auto_receipt_vouchers = true where id = 1",
    ["Office 4, Prabhat Road\nPune 411004"],
  );
  // Documents are never deleted (a trigger), but the test's own go with the purge switch, before the payments they cite.
  db.onCleanup(() =>
    db.query(
      "with purge as materialized (select set_config('pravas.ledger_purge', 'on', true) as on) delete from tax_documents where booking_id = (select id from bookings where reference = $1) and exists (select 1 from purge)",
      [reference],
    ),
  );
  // The balance falls due 8 days after the test clock's Indian date: its 7-days-before reminder goes at 9:00 tomorrow.
  const now = await moveServerClock(page.request);
  const start = indianDateOf(now, 38);
  await query("update bookings set start_date = $2::date, end_date = $2::date + 6, lead_email = $3 where reference = $1", [reference, start, email]);

  const dueThisWeek = async () => {
    await gotoHydrated(page, "/admin/dashboard");
    const text = (await page.getByRole("region", { name: "Money due" }).locator("p").first().textContent()) ?? "";
    // In paise: "₹3,40,000.50 due this week".
    const figure = /^₹([\d,]+(?:\.\d\d)?) due this week/.exec(text);
    return figure ? Math.round(Number(figure[1]!.replaceAll(",", "")) * 100) : 0;
  };
  const dueList = async () => {
    await gotoHydrated(page, "/admin/bookings?money=due-7d");
    return page.getByRole("main");
  };

  await test.step("the billing details (Maharashtra, a PAN) add GST and TCS: the balance absorbs them", async () => {
    await gotoHydrated(page, `/admin/bookings/${reference}`);
    const documents = page.getByRole("region", { name: "Documents" });
    await documents.getByText("Billing details (printed on the documents)").click();
    await documents.getByLabel("Address").fill("12 Law College Road\nPune 411004");
    await documents.getByLabel("State (GST)").selectOption("27");
    await documents.getByLabel("PAN (for TCS)").fill(TYPED_TRAVELLER_IDS.billingPan);
    await documents.getByRole("button", { name: "Save billing details" }).click();
    // ₹1,04,500 + CGST ₹2,612.50 + SGST ₹2,612.50 = ₹1,09,725; Bali is overseas: 2% TCS on it, ₹2,194.50; ₹1,11,919.50 in all.
    // The deposit (25% of the price before, ₹26,125) stays; the balance is the rest.
    await expect(page.getByRole("status").filter({ hasText: "Billing details saved" })).toContainText(
      "The taxes changed: payment schedule Balance ₹78,375 → ₹85,794.50.",
    );
    const money = page.getByRole("region", { name: "Money" });
    await expect(money).toContainText("Paid ₹0 of ₹1,11,919.50 (₹1,04,500 + GST ₹5,225 + TCS ₹2,194.50)");
  });

  await test.step("the deposit is paid through the fake gateway's page: the booking shows Deposit paid, and its receipt voucher", async () => {
    await gotoHydrated(page, `/admin/bookings/${reference}`);
    const money = page.getByRole("region", { name: "Money" });
    await money.getByRole("button", { name: "Make a payment link" }).first().click();
    await expect(page.getByRole("status").filter({ hasText: "Payment link" })).toBeVisible();
    const [link] = await query("select url from payment_links where booking_id = (select id from bookings where reference = $1)", [reference]);
    await page.goto(String(link!.url));
    await page.getByRole("button", { name: "Pay ₹26,125" }).click();
    await expect(async () => {
      await gotoHydrated(page, `/admin/bookings/${reference}`);
      await expect(page.getByRole("region", { name: "Money" })).toContainText("Deposit paid", { timeout: 1_000 });
      await expect(page.getByRole("region", { name: "Documents" })).toContainText("Receipt Voucher", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    // ₹26,125 is ₹25,612.74 for the trip and TCS ₹512.26 (2% is ₹512.25; the paisa no trip amount reaches is TCS too).
    // The booking asks the TCS collected plus 2% of the rest, ₹84,112.26 → ₹1,682.25 (ADR 120): ₹2,194.51, a paisa more.
    await expect(page.getByRole("region", { name: "Money" })).toContainText("(₹1,04,500 + GST ₹5,225 + TCS ₹2,194.51)");
  });

  await test.step("at 9:00 IST, 7 days before the balance's day, the reminder e-mail arrives at an SMTP server with the QR of the balance's exact amount", async () => {
    // A real SMTP server in this process: the server's mail goes there for this step, as to the agency's relay.
    const smtp = await startTestSmtpServer();
    const fixtures = { "x-e2e-token": process.env.E2E_FIXTURE_TOKEN ?? "" };
    const toSmtp = (url: string | null) => page.request.post("/__e2e/smtp", { data: { url }, headers: fixtures });
    db.onCleanup(async () => {
      await toSmtp(null);
      await smtp.close();
    });
    expect((await toSmtp(smtp.url)).ok()).toBe(true);
    const nine = new Date(`${indianDateOf(now, 1)}T09:00:30+05:30`);
    await moveServerClock(page.request, nine.getTime() - now.getTime());
    const reminder = () => smtp.received.find((mail) => mail.rcptTo.includes(email));
    await expect.poll(() => Boolean(reminder()), { timeout: 20_000 }).toBe(true);
    await toSmtp(null);
    const mail = reminder()!;
    expect(mail.headers.get("subject")?.[0]).toMatch(/^Reminder: ₹85,794.51 due by /);
    // The HTML shows the inline PNG; decoded, it is the UPI link for exactly what is owing.
    expect(mail.raw.replace(/=\r?\n/g, "")).toMatch(/src=(3D)?"cid:upi-qr"/);
    expect(decodeQr(inlinePng(mail.raw, "upi-qr"))).toBe(
      `upi://pay?pa=pravas@okicici&pn=Pravas%20Holidays&am=85794.51&cu=INR&tn=${reference}%20balance&tr=${reference}-BAL`,
    );
    // The balance is due within the week now: the filtered list has it.
    await expect(await dueList()).toContainText(reference);
  });
  const withBalance = await dueThisWeek();

  await test.step("the balance recorded by hand with its UTR: paid in full, and the week's due figure drops by it", async () => {
    await gotoHydrated(page, `/admin/bookings/${reference}`);
    const money = page.getByRole("region", { name: "Money" });
    // The schedule editor and the refund form have amounts of their own.
    const record = money.getByRole("form", { name: "Record payment" });
    await record.getByLabel("Amount (₹)").fill("85,794.51");
    await record.getByLabel("UTR or reference").fill(`4${Date.now()}`.slice(0, 12));
    await record.getByRole("button", { name: "Record payment" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Payment of ₹85,794.51 recorded." })).toContainText("issued.");
    await expect(money).toContainText("Paid in full");
    expect(await dueThisWeek()).toBe(withBalance - 85_794_51);
    await expect(await dueList()).not.toContainText(reference);
  });

  const numbers: string[] = [];
  const documents = page.getByRole("region", { name: "Documents" });
  const newest = async () => ((await documents.getByRole("listitem").last().locator("strong").textContent()) ?? "").trim();
  await test.step("paid in full, the tax invoice: the two vouchers are the whole supply, so ₹0.00 is due", async () => {
    await gotoHydrated(page, `/admin/bookings/${reference}`);
    await documents.getByRole("button", { name: "Issue tax invoice" }).click();
    await expect(page.getByRole("status").filter({ hasText: "issued: download it from Documents." })).toBeVisible();
    numbers.push(...(await documents.getByRole("listitem").locator("strong").allTextContents()).map((number) => number.trim()));
    expect(numbers).toEqual([expect.stringMatching(/^RV\//), expect.stringMatching(/^RV\//), expect.stringMatching(/^PRV\//)]);
    const href = await documents.getByRole("link", { name: `Download Tax Invoice ${numbers[2]}` }).getAttribute("href");
    const pdf = Buffer.from(await (await page.request.get(href!)).body());
    const text = spawnSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf }).stdout.toString("utf8").replace(/\s+/g, " ");
    expect(text).toContain("Paid in full: nothing due ₹0.00");
  });

  await test.step("cancelled, the credit note from the refund rule; the month's GST register lists the voucher, the invoice and the credit note", async () => {
    await page.getByRole("button", { name: "Cancel the booking" }).click();
    const dialog = page.getByRole("dialog", { name: `Cancel booking ${reference}?` });
    await dialog.getByLabel("Reason").fill("The traveller's visa was refused.");
    await dialog.getByRole("button", { name: "Cancel the booking" }).click();
    await expect(page.getByRole("region", { name: "Booking" })).toContainText("Cancelled");
    await documents.getByLabel("Reason (printed)").fill("Visa refused.");
    await documents.getByRole("button", { name: "Issue credit note" }).click();
    await expect(page.getByRole("status").filter({ hasText: "issued: download it from Documents." })).toBeVisible();
    numbers.push(await newest());
    expect(numbers[3]).toMatch(/^CN\//);
    // 37 days before departure: 90% of ₹1,09,725 goes back, ₹98,752.50.
    await expect(documents.getByRole("listitem").last()).toContainText("₹98,752.50");
    const months = [...new Set([indianDateOf(now), indianDateOf(now, 1)].map((day) => day.slice(0, 7)))];
    let register = "";
    for (const month of months) register += await (await page.request.get(`/admin/tax-registers/gst?period=${month}&format=csv`)).text();
    for (const number of numbers) expect(register).toContain(number);
  });
});
