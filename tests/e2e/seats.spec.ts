import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, gotoHydrated, test } from "./fixtures";
import { deleteBookings, insertBooking } from "./booking-helpers";
import { execFileSync } from "node:child_process";

// Issue 26 §2–4 (ADR 059): seats on departures, seat requests, the team's view.

type Departure = { id: string; name: string; start: string; end: string; capacity?: number };

const today = () => new Date().toISOString().slice(0, 10);

/** Bali's stored departures and the two next ones. */
async function baliDepartures(query: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) {
  const [row] = await query("select id, group_dates from packages where slug = 'bali'");
  const dates = row!.group_dates as Departure[];
  const upcoming = dates.filter((date) => date.start > today()).sort((a, b) => a.start.localeCompare(b.start));
  return { packageId: row!.id as number, dates, first: upcoming[0]!, second: upcoming[1]! };
}

const withSeats = (dates: Departure[], seats: Record<string, Partial<Departure>>) => JSON.stringify(dates.map((date) => ({ ...date, ...seats[date.id] })));

/** The departures list's item of one departure. */
const departureItem = (page: Page, name: string) =>
  page.getByRole("region", { name: "Upcoming Group Departures" }).getByRole("listitem").filter({ hasText: name });

async function fillSeatForm(page: Page, who: { name: string; email?: string; adults: string }) {
  const form = page.getByRole("region", { name: "Request seats" });
  await form.getByLabel("Your name").fill(who.name);
  await form.getByLabel("Phone").fill("+91 98450 12345");
  if (who.email) await form.getByLabel("E-mail (optional)").fill(who.email);
  await form.getByLabel("Adults").fill(who.adults);
  await form.getByLabel("Children").fill("0");
  await form.getByLabel("Room preference").selectOption("twin");
  return form;
}

test("a departure its bookings fill says Sold out and offers no request; a request is refused inline, then stored; the team's departures page and the manifest", async ({
  page,
  db,
  adminSession,
}) => {
  test.setTimeout(120_000);
  const { dates, first, second } = await baliDepartures((text, params) => db.query(text, params));
  const name = `Seats Visitor ${Date.now()}`;
  db.onCleanup(() => db.query("delete from leads where name = $1", [name]));
  db.onCleanup(() => db.query("update packages set group_dates = $1::jsonb where slug = 'bali'", [JSON.stringify(dates)]));
  db.onCleanup(() => deleteBookings((text, params) => db.query(text, params), { packageSlug: "bali" }));
  await db.query("update packages set group_dates = $1::jsonb where slug = 'bali'", [
    withSeats(dates, { [first.id]: { capacity: 4 }, [second.id]: { capacity: 14 } }),
  ]);
  // The first departure's 4 seats are sold by phone; the second has one booking of 2 (12 seats left).
  await insertBooking((text, params) => db.query(text, params), { packageSlug: "bali", departureId: first.id, seats: 4 });
  // Short enough for the PDF's traveller column: a longer name wraps, and pdftotext reads it as two lines.
  const onManifest = `Manifest Traveller ${String(Date.now()).slice(-6)}`;
  await insertBooking((text, params) => db.query(text, params), { packageSlug: "bali", departureId: second.id, seats: 2, leadName: onManifest });

  // The call-back popup stays away (as after a visitor sent it).
  await page.context().addInitScript(() => window.localStorage.setItem("pravas.leadPopup.submitted", "true"));
  await gotoHydrated(page, "/packages/bali");
  await expect(departureItem(page, first.name)).toContainText("Sold out");
  await expect(departureItem(page, first.name).getByRole("link", { name: /Request seats/ })).toHaveCount(0);
  await expect(departureItem(page, second.name)).toContainText("12 seats left");

  await departureItem(page, second.name)
    .getByRole("link", { name: /Request seats/ })
    .click();
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 15_000 });
  const form = await fillSeatForm(page, { name, adults: "3" });
  // The package page has its whole-page scan in package-detail.spec.ts: here the part this spec adds.
  await expectNoAxeViolations(page, { within: "#request-seats" });
  // The browser checks the numbers itself (min 1 adult); the phone rule is the server's.
  await form.getByLabel("Phone").fill("call me");
  await form.getByRole("button", { name: "Send seat request" }).click();
  await expect(form.getByText("Please enter a valid phone number, e.g. +91 98765 43210.")).toBeVisible();
  await expect(form.getByLabel("Your name")).toHaveValue(name);
  await expect(form.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Phone").fill("+91 98450 12345");
  await form.getByRole("button", { name: "Send seat request" }).click();
  await expect(form.getByRole("status")).toContainText(/Your seat request PRV-\d{4}-\d{4} has been sent\. It is not a booking yet/);
  // The fields fold away, so the thank-you takes focus and comes into view (on a phone it would otherwise be above the screen).
  await expect(form.getByRole("status")).toBeFocused();
  await expect(form.getByRole("status")).toBeInViewport();

  // The team's side, in the same browser: the worker's kept session (ADR 084), no sign-in form.
  await adminSession.into(page, db);
  await gotoHydrated(page, "/admin/departures");
  const card = page.getByRole("region", { name: new RegExp(`Bali.*${second.name}`) });
  // The request is there to answer (it takes no seat); the booking is in the list.
  await expect(card.getByRole("listitem").filter({ hasText: name })).toContainText("3 seats");
  await expect(card.getByRole("row").filter({ hasText: onManifest })).toContainText("Confirmed");
  await expect(card).toContainText("Free: 12");
  await expectNoAxeViolations(page);
  // The manifest, for the tour manager: CSV, Excel and a printable PDF that lists the travellers.
  const csv = await page.request.get((await card.getByRole("link", { name: /Manifest \(CSV\)/ }).getAttribute("href")) ?? "");
  expect(csv.headers()["content-disposition"]).toMatch(/attachment; filename="manifest-bali-.*\.csv"/);
  expect(await csv.text()).toContain(onManifest);
  const xlsx = await page.request.get((await card.getByRole("link", { name: /Rooming list \(Excel\)/ }).getAttribute("href")) ?? "");
  expect(xlsx.headers()["content-type"]).toContain("spreadsheetml");
  expect((await xlsx.body()).subarray(0, 2).toString()).toBe("PK");
  const pdf = await page.request.get((await card.getByRole("link", { name: /Manifest \(PDF\)/ }).getAttribute("href")) ?? "");
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: await pdf.body() }).toString();
  expect(text).toContain(`Manifest: Bali`);
  expect(text).toContain(onManifest);
  expect(text).toContain("Traveller 2 (name to come)");
});

test("POST /api/seat-requests refuses bad input with the JSON error shape and stores nothing", async ({ request, db }) => {
  const { dates, second } = await baliDepartures((text, params) => db.query(text, params));
  const [other] = await db.query<{ group_dates: Departure[] }>(
    "select group_dates from packages where slug <> 'bali' and jsonb_array_length(group_dates) > 0 limit 1",
  );
  const past = { id: "dPastE2E", name: "Gone", start: "2020-01-01", end: "2020-01-07", capacity: 10 };
  db.onCleanup(() => db.query("update packages set group_dates = $1::jsonb where slug = 'bali'", [JSON.stringify(dates)]));
  await db.query("update packages set group_dates = $1::jsonb where slug = 'bali'", [
    JSON.stringify([...JSON.parse(withSeats(dates, { [second.id]: { capacity: 12 } })), past]),
  ]);
  const [{ n: before }] = (await db.query<{ n: number }>("select count(*)::int as n from seat_requests")) as [{ n: number }];
  const valid = { packageSlug: "bali", departureId: second.id, name: "Bad Input", phone: "+91 98450 12345", adults: 1, children: 0, room: "twin" };
  for (const [label, body, status] of [
    ["0 adults", { ...valid, adults: 0 }, 400],
    ["100 travellers", { ...valid, adults: 50, children: 50 }, 400],
    ["a past departure", { ...valid, departureId: past.id }, 422],
    ["another package's departure", { ...valid, departureId: other!.group_dates[0]!.id }, 422],
    ["no such package", { ...valid, packageSlug: "no-such-trip" }, 404],
  ] as const) {
    const response = await request.post("/api/seat-requests", { data: body, headers: { "x-forwarded-for": "10.26.0.1" } });
    expect(response.status(), label).toBe(status);
    expect(((await response.json()) as { error?: unknown }).error, label).toEqual(expect.any(String));
  }
  const [{ n: after }] = (await db.query<{ n: number }>("select count(*)::int as n from seat_requests")) as [{ n: number }];
  expect(after).toBe(before);
});

test("without JavaScript a visitor requests seats with the plain form; the page answers with the reference", async ({ browser, db }) => {
  test.slow();
  const { dates, second } = await baliDepartures((text, params) => db.query(text, params));
  const name = `No Script Seats ${Date.now()}`;
  db.onCleanup(() => db.query("delete from leads where name = $1", [name]));
  db.onCleanup(() => db.query("update packages set group_dates = $1::jsonb where slug = 'bali'", [JSON.stringify(dates)]));
  await db.query("update packages set group_dates = $1::jsonb where slug = 'bali'", [withSeats(dates, { [second.id]: { capacity: 12 } })]);

  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": "10.26.0.7" } });
  const page = await context.newPage();
  await page.goto("/packages/bali");
  await departureItem(page, second.name)
    .getByRole("link", { name: /Request seats/ })
    .click();
  const form = await fillSeatForm(page, { name, adults: "2" });
  await expect(form.getByLabel("Departure")).toHaveValue(second.id);
  await form.getByRole("button", { name: "Send seat request" }).click();
  await expect(page.getByRole("region", { name: "Request seats" }).getByRole("status")).toContainText(
    /Your seat request PRV-\d{4}-\d{4} has been sent\. It is not a booking yet/,
  );
  const [stored] = await db.query<{ departure_id: string; adults: number }>(
    "select s.departure_id, s.adults from seat_requests s join leads l on l.id = s.lead_id where l.name = $1",
    [name],
  );
  expect(stored).toEqual({ departure_id: second.id, adults: 2 });
  await context.close();
});

test("a departure that sells out while the visitor types is refused with the form kept and the dates that still have room", async ({ page, db }) => {
  test.slow();
  const { dates, first, second } = await baliDepartures((text, params) => db.query(text, params));
  const name = `Late Seats ${Date.now()}`;
  db.onCleanup(() => db.query("delete from leads where name = $1", [name]));
  db.onCleanup(() => db.query("update packages set group_dates = $1::jsonb where slug = 'bali'", [JSON.stringify(dates)]));
  db.onCleanup(() => deleteBookings((text, params) => db.query(text, params), { packageSlug: "bali" }));
  await db.query("update packages set group_dates = $1::jsonb where slug = 'bali'", [
    withSeats(dates, { [first.id]: { capacity: 6 }, [second.id]: { capacity: 12 } }),
  ]);

  await page.context().addInitScript(() => window.localStorage.setItem("pravas.leadPopup.submitted", "true"));
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "10.26.0.8" });
  await gotoHydrated(page, "/packages/bali");
  await departureItem(page, first.name)
    .getByRole("link", { name: /Request seats/ })
    .click();
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 15_000 });
  const form = await fillSeatForm(page, { name, adults: "2" });
  // Meanwhile the team sells the last seats by phone.
  await insertBooking((text, params) => db.query(text, params), { packageSlug: "bali", departureId: first.id, seats: 6 });
  await form.getByRole("button", { name: "Send seat request" }).click();
  await expect(form.getByRole("alert")).toContainText("This date just sold out. These dates still have room:");
  await expect(form.getByRole("alert")).toContainText(second.name);
  await expect(form.getByLabel("Your name")).toHaveValue(name);
  await expect(form.getByLabel("Adults")).toHaveValue("2");
  const [{ n }] = (await db.query<{ n: number }>("select count(*)::int as n from leads where name = $1", [name])) as [{ n: number }];
  expect(n).toBe(0);
});
