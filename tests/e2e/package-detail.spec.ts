import { expectNoAxeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { expect, gotoHydrated, test, type TestDatabase } from "./fixtures";

// The layout's lead popup would cover the page after 15 s; these tests are about the package page.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem("pravas.leadPopup.submitted", "true"));
});

/** The tabs mark themselves once React has hydrated them; clicks before that are plain links. */
async function hydrated(page: Page) {
  await expect(page.locator('[role="tablist"][data-enhanced]')).toBeAttached();
}

const uniquePhone = () => `+91 9${String(Date.now()).slice(-9)}`;

async function deleteLeadsByPhone(db: TestDatabase, phone: string) {
  db.onCleanup(() => db.query("delete from leads where phone = $1", [phone]));
}

// Each package page is loaded once for what it shows (tabs, head, prices, WhatsApp, the enquiry dialog, share data),
// checked step by step: a cold page load is the suite's dearest step.

test("Dubai: Overview by default with every panel in the server HTML, the itinerary sorted by day, the next departure, WhatsApp's message, Enquire Now stored", async ({
  page,
  request,
  db,
}) => {
  const html = await (await request.get("/packages/dubai")).text();
  expect(html).toContain("Desert Safari with BBQ Dinner");
  expect(html).toContain("more than 30 days before departure, 90% of the tour cost is refunded");
  expect(html).toContain('role="tabpanel"');
  const [row] = await db.query<{ days: number[] }>(
    "select array(select (d->>'day')::int from jsonb_array_elements(itinerary) d) as days from packages where slug = 'dubai'",
  );
  expect(row!.days).not.toEqual([...row!.days].sort((a, b) => a - b));
  const [dubai] = await db.query<{ starts: string[] }>(
    "select array(select d->>'start' from jsonb_array_elements(group_dates) d where (d->>'start')::date >= current_date order by 1) as starts from packages where slug = 'dubai'",
  );
  const [year, month, day] = dubai!.starts[0]!.split("-").map(Number);
  const expected = new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

  await gotoHydrated(page, "/packages/dubai");
  await hydrated(page);

  await test.step("the head shows the next departure, the length and the rating", async () => {
    const head = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
    await expect(head).toContainText(`Next departure${expected}`);
    await expect(head).toContainText("6 Days / 5 Nights");
    await expect(page.getByRole("img", { name: "Rated 4.8 out of 5" }).first().locator("svg")).toHaveCount(5);
    await expect(page.getByText("(120 reviews)")).toBeVisible();
  });

  await test.step("Chat on WhatsApp carries the package's message", async () => {
    const href = await page.getByRole("link", { name: "Chat on WhatsApp" }).getAttribute("href");
    const url = new URL(href!);
    expect(url.hostname).toBe("wa.me");
    expect(url.searchParams.get("text")).toContain("interested in the Dubai Tour package");
  });

  await test.step("Overview is the default, and the active tab is in the URL", async () => {
    await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Overview" })).toBeVisible();
    await expect(page.getByRole("tabpanel", { name: "Itinerary" })).toBeHidden();

    await page.getByRole("tab", { name: "Itinerary" }).click();
    await expect(page).toHaveURL(/\/packages\/dubai\?tab=itinerary$/);
    await expect(page.getByRole("tab", { name: "Itinerary" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Itinerary" })).toBeVisible();
    await expect(page.getByRole("tabpanel", { name: "Overview" })).toBeHidden();
  });

  await test.step("the itinerary is sorted by day although Dubai's days are stored out of order", async () => {
    const panel = page.getByRole("tabpanel", { name: "Itinerary" });
    await expect(panel.getByText(/^Day \d$/)).toHaveText(["Day 1", "Day 2", "Day 3", "Day 4", "Day 5", "Day 6"]);
    await expect(panel.getByRole("heading", { level: 3 }).first()).toHaveText(/Arrival/);
    await expect(panel.getByRole("listitem").first().getByRole("img")).toBeVisible();
  });

  await test.step("Enquire Now opens the form pre-filled with the package, with the call button, and the enquiry is stored", async () => {
    const phone = uniquePhone();
    await deleteLeadsByPhone(db, phone);
    await page.getByRole("link", { name: "Enquire Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Enquire about this trip" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Package: Dubai Tour");
    await expect(dialog.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+?\d+$/);

    await dialog.getByLabel("Your name").fill("Asha Verma");
    await dialog.getByLabel("Phone").fill(phone);
    await dialog.getByLabel("E-mail (optional)").fill("asha@example.com");
    await dialog.getByLabel("Number of travellers").fill("3");
    await dialog.getByLabel("Preferred month").selectOption({ index: 2 });
    await dialog.getByLabel("Message (optional)").fill("Two adults and a child.");
    await dialog.getByRole("button", { name: "Send Enquiry" }).click();
    await expect(dialog.getByRole("status").filter({ hasText: "Thank you!" })).toContainText("Thank you! Your enquiry has been sent.");

    const rows = await db.query<Record<string, unknown>>("select l.*, p.slug from leads l left join packages p on p.id = l.package_id where l.phone = $1", [
      phone,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: "package-enquiry",
      name: "Asha Verma",
      email: "asha@example.com",
      package_title: "Dubai Tour",
      slug: "dubai",
      travellers: 3,
      message: "Two adults and a child.",
    });
    expect(rows[0]!.preferred_month).toMatch(/^\d{4}-\d{2}$/);
  });
});

test("Bali: prices with their taxes and up to 6 reviews; arrow, Home and End keys move between tabs and update the URL", async ({ page }) => {
  await gotoHydrated(page, "/packages/bali");
  await hydrated(page);

  await test.step("the Overview shows prices with their taxes, what the trip covers and up to 6 reviews", async () => {
    const price = page.getByRole("region", { name: "Price" });
    await expect(price.getByRole("row", { name: /Adult/ })).toContainText("₹99,500");
    await expect(price.getByRole("row", { name: /Child without bed/ })).toContainText("₹77,500");
    await expect(price).toContainText("+ 5% GST + 2% TCS"); // the TCS rule in force from 1 April 2026 (issue 47)
    await expect(page.getByRole("region", { name: "Customer Reviews" }).getByRole("listitem")).toHaveCount(6);
    for (const label of ["Accommodation", "Flights", "Tour Guide", "Meals", "Activities"]) {
      await expect(page.getByRole("list", { name: "What the trip covers" })).toContainText(label);
    }
  });

  await test.step("arrow, Home and End keys move between tabs and update the URL", async () => {
    const overview = page.getByRole("tab", { name: "Overview" });
    // Roving focus: once the page is interactive only the active tab is in the Tab order.
    await expect(page.getByRole("tab", { name: "Terms" })).toHaveAttribute("tabindex", "-1");
    await overview.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Itinerary" })).toBeFocused();
    await expect(page).toHaveURL(/\?tab=itinerary$/);
    await page.keyboard.press("End");
    await expect(page.getByRole("tab", { name: "Terms" })).toBeFocused();
    await expect(page).toHaveURL(/\?tab=terms$/);
    await expect(page.getByRole("tabpanel", { name: "Terms" })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(overview).toBeFocused();
    await expect(page).toHaveURL(/\/packages\/bali$/);
    await page.keyboard.press("ArrowLeft");
    await expect(page).toHaveURL(/\?tab=terms$/);
    await page.keyboard.press("Home");
    await expect(overview).toHaveAttribute("aria-selected", "true");
    // Keys in quick succession move on from the focused tab, not from the one the address still names.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Gallery" })).toBeFocused();
    await expect(page).toHaveURL(/\?tab=gallery$/);
    await expect(page.getByRole("tab", { name: "Gallery" })).toHaveAttribute("aria-selected", "true");
  });
});

test("a shared ?tab= link opens that tab, and the underline sits under it", async ({ page }) => {
  await gotoHydrated(page, "/packages/sri-lanka?tab=terms");
  const terms = page.getByRole("tabpanel", { name: "Terms" });
  await expect(terms).toBeVisible();
  await expect(terms.getByRole("listitem")).toHaveCount(10);
  await expect(terms).toContainText("If you cancel more than 30 days before departure, 90% of the tour cost is refunded");
  await expect(terms).toContainText("15 to 30 days before departure, 50% is refunded");
  await expect(terms).toContainText("less than 15 days before departure are not refunded");
  await expect(terms).toContainText("A booking is confirmed only after full payment");

  const tab = await page.getByRole("tab", { name: "Terms" }).boundingBox();
  const line = page.locator('[role="tablist"] > span[aria-hidden="true"]');
  await expect(line).toBeVisible();
  await expect.poll(async () => Math.round((await line.boundingBox())!.x)).toBe(Math.round(tab!.x));
});

test("Hampi: Dates Coming Soon, a price without TCS, and the enquiry form posting to the page's own action: an error inline, a dropped connection keeps what was typed, then the thank-you and Send another enquiry", async ({
  page,
  db,
}) => {
  const phone = uniquePhone();
  await deleteLeadsByPhone(db, phone);
  await gotoHydrated(page, "/packages/hampi");

  await test.step("the head shows Dates Coming Soon, and the price has no TCS", async () => {
    const head = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hampi – Badami");
    await expect(head).toContainText("Dates Coming Soon");
    await expect(head).toContainText("4 Days / 3 Nights");
    await expect(page.getByRole("region", { name: "Price" })).toContainText("₹22,440 per adult");
    await expect(page.getByRole("region", { name: "Price" })).not.toContainText("TCS");
  });

  await test.step("the enquiry form posts to the page's own action", async () => {
    const form = page.getByRole("region", { name: "Enquire about Hampi – Badami" });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    await form.getByLabel("Your name").fill("Meera Iyer");
    await form.getByLabel("Phone").fill("12");
    await form.getByLabel("Message (optional)").fill("Four of us, in January.");
    await form.getByRole("button", { name: "Send Enquiry" }).click();
    await expect(form.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Phone")).toBeFocused();
    await expect(page.locator(`#${await form.getByLabel("Phone").getAttribute("aria-describedby")}`)).toContainText("Please enter a valid phone number");
    expect(posts).toEqual(["/packages/hampi.data"]);

    await form.getByLabel("Phone").fill(phone);
    await page.route("**/packages/hampi.data*", (route) => route.abort("connectionreset"));
    await form.getByRole("button", { name: "Send Enquiry" }).click();
    await expect(form.getByRole("alert")).toHaveText("Something went wrong. Please try again.");
    await expect(form.getByLabel("Your name")).toHaveValue("Meera Iyer");
    await expect(form.getByLabel("Phone")).toHaveValue(phone);
    await expect(form.getByLabel("Message (optional)")).toHaveValue("Four of us, in January.");
    expect(await db.query("select id from leads where phone = $1", [phone])).toEqual([]);

    await page.unroute("**/packages/hampi.data*");
    await form.getByRole("button", { name: "Send Enquiry" }).click();
    const thanks = form.getByRole("status").filter({ hasText: "Thank you!" });
    await expect(thanks).toHaveText("Thank you! Your enquiry has been sent. Our team will call you back shortly.");
    await expect(thanks).toBeFocused();
    await expect(form.getByRole("alert")).toHaveText("");
    await expect(page).toHaveURL(/\/packages\/hampi$/);
    expect(await db.query("select name, message from leads where phone = $1", [phone])).toEqual([{ name: "Meera Iyer", message: "Four of us, in January." }]);

    await form.getByRole("link", { name: "Send another enquiry" }).click();
    await expect(form.getByLabel("Your name")).toHaveValue("");
    await expect(form.getByLabel("Phone")).toHaveValue("");
    await expect(form.getByLabel("Phone")).not.toHaveAttribute("aria-invalid");
  });
});

// Download Brochure, generated brochures and 'Brochure link not available': tests/e2e/brochures.spec.ts.

test("the old Bangalore–Mysore–Ooty addresses redirect with 308", async ({ request }) => {
  for (const alias of ["bangalore-ooty-mysore", "bangalore-mysore-ooty"]) {
    const response = await request.get(`/packages/${alias}`, { maxRedirects: 0 });
    expect(response.status()).toBe(308);
    expect(response.headers().location).toBe("/packages/bangalore-mysore");
  }
  expect((await request.get("/packages/bangalore-mysore")).status()).toBe(200);
});

test("an unknown package is a helpful 404 that leads on to a package, whose gallery tab opens a lightbox moving with the arrow keys and a swipe, closed with Escape", async ({
  page,
  request,
}) => {
  await test.step("an unknown package is a helpful 404", async () => {
    expect((await request.get("/packages/atlantis")).status()).toBe(404);
    await gotoHydrated(page, "/packages/atlantis");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that package");
    await page.getByRole("link", { name: "Golden Triangle India Tour" }).click();
    await expect(page).toHaveURL(/\/packages\/golden-triangle$/);
  });

  await test.step("the gallery tab opens a lightbox that moves with the arrow keys and a swipe, and closes with Escape", async () => {
    await hydrated(page);
    await page.getByRole("tab", { name: "Gallery" }).click();
    await expect(page).toHaveURL(/\/packages\/golden-triangle\?tab=gallery$/);
    await page.getByRole("tabpanel", { name: "Gallery" }).getByRole("link").first().click();
    const lightbox = page.getByRole("dialog", { name: /photo/ });
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByRole("heading")).toHaveText("Golden Triangle India Tour: photo 1 of 6");
    await page.keyboard.press("ArrowRight");
    await expect(lightbox.getByRole("heading")).toHaveText("Golden Triangle India Tour: photo 2 of 6");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(lightbox.getByRole("heading")).toHaveText("Golden Triangle India Tour: photo 6 of 6");
    await lightbox.getByRole("button", { name: "Next photo" }).click();
    await expect(lightbox.getByRole("heading")).toHaveText("Golden Triangle India Tour: photo 1 of 6");
    // A swipe to the left shows the next photo.
    const photo = (await lightbox.locator("figure").boundingBox())!;
    await page.mouse.move(photo.x + photo.width * 0.8, photo.y + photo.height / 2);
    await page.mouse.down();
    await page.mouse.move(photo.x + photo.width * 0.2, photo.y + photo.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect(lightbox.getByRole("heading")).toHaveText("Golden Triangle India Tour: photo 2 of 6");
    await page.keyboard.press("Escape");
    await expect(lightbox).toBeHidden();
  });
});

test("without JavaScript the tabs are links the server answers, and the enquiry form works and keeps what was typed on an error", async ({ browser, db }) => {
  const phone = uniquePhone();
  await deleteLeadsByPhone(db, phone);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await test.step("without JavaScript the tabs are links the server answers", async () => {
    await page.goto("/packages/vietnam");
    await page.getByRole("tab", { name: "Gallery" }).click();
    await expect(page).toHaveURL(/\?tab=gallery$/);
    await expect(page.getByRole("tabpanel", { name: "Gallery" }).getByRole("img").first()).toBeVisible();
  });
  await test.step("the enquiry form works without JavaScript and keeps what was typed on an error", async () => {
    await page.goto("/packages/hampi");
    await page.getByRole("link", { name: "Enquire Now" }).click();
    const form = page.getByRole("region", { name: "Enquire about Hampi – Badami" });
    await form.getByLabel("Your name").fill("Ravi Kumar");
    await form.getByLabel("Phone").fill("12");
    await form.getByRole("button", { name: "Send Enquiry" }).click();
    await expect(form.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
    await expect(form).toContainText("Please enter a valid phone number");
    await expect(form.getByLabel("Your name")).toHaveValue("Ravi Kumar");

    await form.getByLabel("Phone").fill(phone);
    await form.getByRole("button", { name: "Send Enquiry" }).click();
    await expect(page).toHaveURL(/\/packages\/hampi\?enquiry=sent#enquire$/);
    await expect(page.getByRole("status").filter({ hasText: "Thank you!" })).toBeVisible();
    const rows = await db.query("select package_title, travellers from leads where phone = $1", [phone]);
    expect(rows).toEqual([{ package_title: "Hampi – Badami", travellers: 2 }]);
  });
  await context.close();
});

test("POST /api/enquiries answers bad input with 400 and field errors, and ignores bots", async ({ request, db }) => {
  const bad = await request.post("/api/enquiries", {
    data: { packageSlug: "bali", name: "", phone: "abc", email: "not-an-email", travellers: 0 },
  });
  expect(bad.status()).toBe(400);
  const body = await bad.json();
  expect(Object.keys(body.fields).sort()).toEqual(["email", "name", "phone", "travellers"]);
  expect(body.error).toMatch(/^Please check/);

  const noPackage = await request.post("/api/enquiries", {
    data: { name: "Meena", phone: "9876543210", travellers: 2 },
  });
  expect(noPackage.status()).toBe(400);
  expect((await noPackage.json()).fields.packageId).toBeTruthy();
  expect((await request.post("/api/enquiries", { data: "[1,2]", headers: { "content-type": "application/json" } })).status()).toBe(400);

  const phone = uniquePhone();
  await deleteLeadsByPhone(db, phone);
  const bot = await request.post("/api/enquiries", {
    form: { packageSlug: "bali", name: "Bot", phone, travellers: "2", website: "http://spam.example" },
  });
  expect(bot.status()).toBe(201);
  expect(await db.query("select id from leads where phone = $1", [phone])).toHaveLength(0);

  const good = await request.post("/api/enquiries", {
    form: { packageSlug: "bali", name: "Meena Iyer", phone, travellers: "4" },
  });
  expect(good.status()).toBe(201);
  expect(await db.query("select package_title, source from leads where phone = $1", [phone])).toEqual([
    { package_title: "Bali Group Tour", source: "package-enquiry" },
  ]);
});

test("each package page has TouristTrip and breadcrumb data, a canonical URL and its own share image", async ({ page, request }) => {
  await gotoHydrated(page, "/packages/vietnam?tab=itinerary");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/packages\/vietnam$/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http.*\/media\/.+\.webp$/);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const data = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
  const trip = data.find((item) => item["@type"] === "TouristTrip") as {
    offers: { price: number; priceCurrency: string }[];
    itinerary: { itemListElement: { position: number; item: { name: string } }[] };
  };
  expect(trip.offers).toEqual([expect.objectContaining({ price: 132900, priceCurrency: "INR" })]);
  expect(trip.itinerary.itemListElement).toHaveLength(9);
  expect(trip.itinerary.itemListElement[0]!.item.name).toMatch(/^Day 1: /);
  const crumbs = data.find((item) => item["@type"] === "BreadcrumbList") as { itemListElement: { name: string }[] };
  expect(crumbs.itemListElement.map((crumb) => crumb.name)).toEqual(["Home", "Packages", "Vietnam Express"]);

  // Each its own share image: the tag is in the server's HTML, so no browser page is needed for the other two.
  const shareImage = async (slug: string) => /<meta property="og:image" content="([^"]+)"/.exec(await (await request.get(`/packages/${slug}`)).text())?.[1];
  const baliImage = await shareImage("bali");
  expect(baliImage).toMatch(/^http.*\/media\/.+\.webp$/);
  expect(await shareImage("dubai")).not.toBe(baliImage);
});

for (const size of [
  { name: "desktop", viewport: { width: 1366, height: 768 }, isMobile: false },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
]) {
  test.describe(`axe at ${size.viewport.width}×${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.isMobile });

    test("a package page has no accessibility violations, with the enquiry dialog open too", async ({ page }) => {
      await gotoHydrated(page, "/packages/bangalore-mysore");
      await hydrated(page);
      // The package page's one whole-page scan at this size; then the tab and the dialog where they open (ADR 084).
      await expectNoAxeViolations(page);
      if (size.name === "desktop") {
        await test.step("the Overview shows the hotel options with their prices", async () => {
          const options = page.getByRole("region", { name: "Price" });
          await expect(options.getByRole("heading", { name: /Option 1/ })).toContainText("₹27,400 per person + 5% GST");
          await expect(options.getByRole("heading", { name: /Option 2/ })).toContainText("₹21,500");
          await expect(options.getByRole("table", { name: "Hotels of Option 1" })).toContainText("Preethi Classic or similar");
          await expect(options.getByRole("table", { name: "Hotels of Option 2" })).toContainText("Heritage Suites or similar");
        });
      }
      await page.getByRole("tab", { name: "Itinerary" }).click();
      await expect(page.getByRole("tabpanel", { name: "Itinerary" })).toBeVisible();
      await expectNoAxeViolations(page, { within: "#panel-itinerary" });
      await page.getByRole("link", { name: "Enquire Now" }).click();
      await expect(page.getByRole("dialog", { name: "Enquire about this trip" })).toBeVisible();
      // The page behind becomes inert in the task after the dialog's first frame (ADR 102's amendment): scanned once it is.
      await expect(page.locator("main")).toHaveJSProperty("inert", true);
      await expectNoAxeViolations(page, { within: "dialog[open]" });
      if (size.name === "desktop") {
        await test.step("the dialog closes with Escape, and the Overview's Contact Us leads to the contact page", async () => {
          await page.keyboard.press("Escape");
          await expect(page.getByRole("dialog", { name: "Enquire about this trip" })).toBeHidden();
          // The side panel is the Overview's.
          await page.getByRole("tab", { name: "Overview" }).click();
          await page.getByRole("complementary", { name: "Plan your trip" }).getByRole("link", { name: "Contact Us" }).click();
          await expect(page).toHaveURL(/\/contact$/);
        });
      }
    });
  });
}
