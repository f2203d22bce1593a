import type { APIRequestContext, Page } from "@playwright/test";
import { startTestSmtpServer } from "../support/test-smtp";
import { privateServerPort } from "../../playwright.config";
import { ADMIN } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, gotoHydrated, signInAs, test } from "./fixtures";
import { startPrivateServer, type PrivateServer } from "./private-server";

// Issue 26 §2–4 (ADR 059): seats on departures, seat requests, the team's view.

type Departure = { id: string; name: string; start: string; end: string; capacity?: number; heldSeats?: number };

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

test("a sold-out departure says so and offers no request; a request is refused inline, then stored; the team's departures page and passenger list", async ({
  page,
  db,
}) => {
  test.setTimeout(120_000);
  const { dates, first, second } = await baliDepartures((text, params) => db.query(text, params));
  const name = `Seats Visitor ${Date.now()}`;
  db.onCleanup(() => db.query("delete from leads where name = $1", [name]));
  db.onCleanup(() => db.query("update packages set group_dates = $1::jsonb where slug = 'bali'", [JSON.stringify(dates)]));
  await db.query("update packages set group_dates = $1::jsonb where slug = 'bali'", [
    withSeats(dates, { [first.id]: { capacity: 4, heldSeats: 4 }, [second.id]: { capacity: 12 } }),
  ]);

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
  // The package page is scanned whole in package-detail; here the seat request form, filled in.
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

  await signInAs(page, ADMIN);
  await gotoHydrated(page, "/admin/departures");
  const card = page.getByRole("region", { name: new RegExp(`Bali.*${second.name}`) });
  await expect(card.getByRole("row").filter({ hasText: name })).toContainText("Requested");
  await expectNoAxeViolations(page);
  // The passenger list, for the tour manager.
  const csv = await page.request.get((await card.getByRole("link", { name: /Passenger list \(CSV\)/ }).getAttribute("href")) ?? "");
  expect(csv.headers()["content-disposition"]).toMatch(/attachment; filename="passengers-.*\.csv"/);
  expect(await csv.text()).toContain(name);
  const xlsx = await page.request.get((await card.getByRole("link", { name: /Passenger list \(Excel\)/ }).getAttribute("href")) ?? "");
  expect(xlsx.headers()["content-type"]).toContain("spreadsheetml");
  expect((await xlsx.body()).subarray(0, 2).toString()).toBe("PK");
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
  await db.query("update packages set group_dates = $1::jsonb where slug = 'bali'", [
    withSeats(dates, { [first.id]: { capacity: 6, heldSeats: 6 }, [second.id]: { capacity: 12 } }),
  ]);
  await form.getByRole("button", { name: "Send seat request" }).click();
  await expect(form.getByRole("alert")).toContainText("This date just sold out. These dates still have room:");
  await expect(form.getByRole("alert")).toContainText(second.name);
  await expect(form.getByLabel("Your name")).toHaveValue(name);
  await expect(form.getByLabel("Adults")).toHaveValue("2");
  const [{ n }] = (await db.query<{ n: number }>("select count(*)::int as n from leads where name = $1", [name])) as [{ n: number }];
  expect(n).toBe(0);
});

test.describe("on a server of its own with a real SMTP server", () => {
  let server: PrivateServer;
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    smtp = await startTestSmtpServer();
    server = await startPrivateServer(privateServerPort, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      OUTBOX_POLL_MS: "200",
      NODE_ENV: "test",
      E2E_FIXTURE_TOKEN: process.env.E2E_FIXTURE_TOKEN ?? "",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const sqlOn =
    (request: APIRequestContext) =>
    async (text: string, params: unknown[] = []) => {
      const response = await request.post(`${server.baseURL}/__e2e/sql`, {
        data: { text, params },
        headers: { "x-e2e-token": process.env.E2E_FIXTURE_TOKEN ?? "" },
      });
      const body = (await response.json()) as { rows?: Record<string, unknown>[]; error?: string };
      if (!response.ok()) throw new Error(body.error);
      return body.rows ?? [];
    };

  test("a visitor requests 2 seats; the team confirms in the inbox; seats left go down by 2; acknowledgement and confirmation e-mails arrive", async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const query = sqlOn(request);
    const { dates, first } = await baliDepartures(query);
    await query("update packages set group_dates = $1::jsonb where slug = 'bali'", [withSeats(dates, { [first.id]: { capacity: 20, heldSeats: 3 } })]);
    const context = await browser.newContext({ baseURL: server.baseURL });
    await context.addInitScript(() => window.localStorage.setItem("pravas.leadPopup.submitted", "true"));
    const page = await context.newPage();
    await gotoHydrated(page, "/packages/bali");
    await expect(departureItem(page, first.name)).toContainText("17 seats left");
    await departureItem(page, first.name)
      .getByRole("link", { name: /Request seats/ })
      .click();
    const email = `seats-${Date.now()}@example.test`;
    const form = await fillSeatForm(page, { name: "Meera Iyer", email, adults: "2" });
    await expect(form.getByLabel("Departure")).toHaveValue(first.id);
    await form.getByRole("button", { name: "Send seat request" }).click();
    const status = form.getByRole("status");
    await expect(status).toContainText(/PRV-\d{4}-\d{4}/);
    const reference = (await status.textContent())!.match(/PRV-\d{4}-\d{4}/)![0];

    // The acknowledgement: the reference, the trip, the date, the travellers, and that it is not a booking yet.
    await expect.poll(() => smtp.received.filter((mail) => mail.rcptTo.includes(email)).length, { timeout: 15_000 }).toBe(1);
    const ack = smtp.received.find((mail) => mail.rcptTo.includes(email))!.raw.replace(/=\r?\n/g, "");
    expect(ack).toContain(reference);
    expect(ack).toContain("2 adults");
    expect(ack).toContain("not yet a booking");

    // The team: the inbox shows it as a seat request; confirming takes the seats.
    await signInAs(page, ADMIN);
    await gotoHydrated(page, "/admin/enquiries?source=seat-request");
    await page.getByRole("link", { name: "Meera Iyer" }).first().click();
    const panel = page.getByRole("region", { name: `Seat request ${reference}` });
    await expect(panel).toContainText("Requested");
    await panel.getByRole("button", { name: "Confirm 2 seats" }).click();
    await expect(page.getByText("Seats confirmed.")).toBeVisible();
    await expect(panel).toContainText("Confirmed");

    const visitor = await browser.newContext({ baseURL: server.baseURL });
    const publicPage = await visitor.newPage();
    await publicPage.goto("/packages/bali");
    await expect(departureItem(publicPage, first.name)).toContainText("15 seats left");

    await expect.poll(() => smtp.received.filter((mail) => mail.rcptTo.includes(email)).length, { timeout: 15_000 }).toBe(2);
    const confirmation = smtp.received.filter((mail) => mail.rcptTo.includes(email))[1]!;
    expect(confirmation.headers.get("subject")?.[0]).toContain("Seats confirmed");
    expect(confirmation.raw).toContain(reference);
    await context.close();
    await visitor.close();
  });
});
