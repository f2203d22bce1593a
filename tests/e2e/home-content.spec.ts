import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./admin-helpers";
import { gotoHydrated, type TestDatabase } from "./fixtures";

const PHOTOS = "/work/shared/photos";

/**
 * Issue 21 §2 (ADR 041): the FAQ and the traveller reviews, edited by the team.
 * Saves change the home and contact pages for everyone, so each test puts the
 * lists back afterwards and the file runs serially.
 */
test.describe.configure({ mode: "serial" });

async function keepLists(db: TestDatabase) {
  const faqs = await db.query("select question, answer, sort_order, pages from faqs order by sort_order, id");
  const reviews = await db.query("select name, location, comment, rating, sort_order from testimonials order by sort_order, id");
  db.onCleanup(async () => {
    await db.query("delete from faqs");
    for (const row of faqs)
      await db.query("insert into faqs (question, answer, sort_order, pages) values ($1, $2, $3, $4)", [row.question, row.answer, row.sort_order, row.pages]);
    await db.query("delete from testimonials");
    for (const row of reviews)
      await db.query("insert into testimonials (name, location, comment, rating, sort_order) values ($1, $2, $3, $4, $5)", [
        row.name,
        row.location,
        row.comment,
        row.rating,
        row.sort_order,
      ]);
    await db.query("delete from content_revisions where entity_type in ('home-faqs', 'home-reviews')");
    await db.query("update content_version set version = version + 1");
  });
}

test("FAQ: an empty question is refused inline and the list keeps what was typed; then edit a question, add one and move it first; home and contact show the new order with the first open", async ({
  adminPage: page,
  db,
  browser,
}) => {
  // Many saves, reloads and an axe pass: over 30 s on a loaded machine.
  test.slow();
  await keepLists(db);
  const [first, second] = await db.query<{ question: string; answer: string }>("select question, answer from faqs order by sort_order, id limit 2");
  await gotoHydrated(page, "/admin/site/home");
  const editor = page.getByRole("form", { name: "FAQ" });
  await expectNoAxeViolations(page, { within: "main" });

  await test.step("an empty question is refused inline and the list keeps what was typed", async () => {
    await editor.getByLabel("Question 1", { exact: true }).fill("");
    await editor.getByLabel("Answer 1", { exact: true }).fill("An answer kept while the question is fixed.");
    await editor.getByRole("button", { name: "Save FAQ" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Not saved yet: 1 field needs attention." })).toBeVisible();
    await expect(editor.getByLabel("Question 1", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(editor.getByText("Enter the question.")).toBeVisible();
    await expect(editor.getByLabel("Answer 1", { exact: true })).toHaveValue("An answer kept while the question is fixed.");
    // Put back as it was, for the edits below.
    await editor.getByLabel("Question 1", { exact: true }).fill(first!.question);
    await editor.getByLabel("Answer 1", { exact: true }).fill(first!.answer);
  });

  await editor.getByLabel("Question 2", { exact: true }).fill(`${second!.question} (updated)`);
  await editor.getByRole("button", { name: "Add a question" }).click();
  await expect(editor.getByLabel("Question 13", { exact: true })).toBeFocused();
  await page.keyboard.type("Can we pay in instalments?");
  await editor.getByLabel("Answer 13").fill("Yes: 25% to book, the rest 30 days before departure.");
  // Moved first with the keyboard, one place at a time.
  for (let from = 13; from > 1; from--) await editor.getByRole("button", { name: `Move question ${from} up` }).click();
  await expect(editor.getByLabel("Question 1", { exact: true })).toHaveValue("Can we pay in instalments?");
  await editor.getByRole("button", { name: "Save FAQ" }).click();
  await expect(page.getByRole("status").filter({ hasText: "FAQ saved." })).toBeVisible();

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  for (const path of ["/", "/contact"]) {
    await gotoHydrated(visitorPage, path);
    const faq = visitorPage.getByRole("region", { name: "Frequently Asked Questions" });
    const items = faq.locator("details");
    await expect(items).toHaveCount(13);
    await expect(items.first()).toHaveAttribute("open", "");
    await expect(items.first()).toContainText("Can we pay in instalments?");
    await expect(faq.getByText("Yes: 25% to book, the rest 30 days before departure.")).toBeVisible();
    await expect(items.nth(2)).toContainText(`${second!.question} (updated)`);
  }
  await visitor.close();
});

test("a review added by an editor appears on the home page, which still shows 8 on a desktop", async ({ editorPage: page, db, request }) => {
  await keepLists(db);
  await gotoHydrated(page, "/admin/site/home");
  const editor = page.getByRole("form", { name: "Traveller reviews" });
  const count = await editor.getByRole("listitem").count();
  await editor.getByRole("button", { name: "Add a review" }).click();
  const n = count + 1;
  await editor.getByLabel(`Review ${n}: name`).fill("Farah Khan");
  await editor.getByLabel(`Review ${n}: what they said`).fill("Our Kerala houseboat night was the calmest of the whole year.");
  await editor.getByLabel(`Review ${n}: rating (1 to 5)`).fill("6");
  await editor.getByRole("button", { name: "Save reviews" }).click();
  await expect(editor.getByText("From 1 to 5.")).toBeVisible();
  await editor.getByLabel(`Review ${n}: rating (1 to 5)`).fill("5");
  for (let from = n; from > 1; from--) await editor.getByRole("button", { name: `Move review ${from} up` }).click();
  await editor.getByRole("button", { name: "Save reviews" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reviews saved." })).toBeVisible();

  expect(await (await request.get("/")).text()).toContain("Our Kerala houseboat night was the calmest of the whole year.");
  await gotoHydrated(page, "/");
  const reviews = page.getByRole("region", { name: "Traveler Reviews" });
  await expect(reviews.locator("figure").filter({ visible: true })).toHaveCount(8);
  await expect(reviews.getByText("Farah Khan")).toBeVisible();
});

test("hero and intro: an unclosed highlight is refused inline and keeps the text; a new headline, photo with alt text and a highlighted word show on the home page; so do a Why Choose Us card's title and icon and a process step's text", async ({
  adminPage: page,
  db,
  request,
}) => {
  // Three forms saved on one page, an upload and the home page read back: over 30 s on a loaded machine.
  test.slow();
  const [before] = await db.query<{ hero_headline: string; hero_subheadline: string; hero_media_key: string; intro_paragraph: string }>(
    "select hero_headline, hero_subheadline, hero_media_key, intro_paragraph from site_settings where id = 1",
  );
  db.onCleanup(async () => {
    await db.query("update site_settings set hero_headline = $1, hero_subheadline = $2, hero_media_key = $3, intro_paragraph = $4 where id = 1", [
      before!.hero_headline,
      before!.hero_subheadline,
      before!.hero_media_key,
      before!.intro_paragraph,
    ]);
    await db.query("delete from content_revisions where entity_type = 'home-hero'");
    await db.query("update content_version set version = version + 1");
  });
  const cardsBefore = await db.query("select section, title, body, icon, sort_order from home_cards order by id");
  db.onCleanup(async () => {
    await db.query("delete from home_cards");
    for (const row of cardsBefore)
      await db.query("insert into home_cards (section, title, body, icon, sort_order) values ($1, $2, $3, $4, $5)", [
        row.section,
        row.title,
        row.body,
        row.icon,
        row.sort_order,
      ]);
    await db.query("delete from content_revisions where entity_type = 'home-cards'");
    await db.query("update content_version set version = version + 1");
  });
  await gotoHydrated(page, "/admin/site/home");
  const hero = page.getByRole("form", { name: "Hero and intro" });
  const intro = hero.getByLabel("Intro paragraph");
  const text = await intro.inputValue();

  await test.step("an unclosed highlight is refused inline and keeps the text", async () => {
    await intro.fill("Travel ==slowly with us.");
    await hero.getByRole("button", { name: "Save hero and intro" }).click();
    await expect(hero.getByText("A highlight is not closed: each == needs a second ==.")).toBeVisible();
    await expect(intro).toHaveAttribute("aria-invalid", "true");
    await expect(intro).toHaveValue("Travel ==slowly with us.");
    // Put back as it was, for the edits below.
    await intro.fill(text);
  });

  await test.step("a new headline, photo with alt text and a highlighted word are saved", async () => {
    await expect(hero.getByLabel("Headline", { exact: true })).toHaveValue(before!.hero_headline);
    await hero.getByLabel("Headline", { exact: true }).fill("Monsoon trips that feel like home");

    // A new photo, uploaded in place, with its alt text.
    await hero.locator('input[type="file"]').setInputFiles(`${PHOTOS}/08-mysore-palace.webp`);
    await expect(hero.getByRole("list", { name: "Hero photo" }).getByRole("listitem")).toHaveCount(1);
    await expect(hero.getByRole("button", { name: "Save hero and intro" })).toBeEnabled();
    await hero.getByLabel("Hero photo: alt text").fill("Mysore Palace lit up at dusk");

    // "details" highlighted: cursor in the word, then Highlight; "Travel" un-highlighted by selecting it again.
    const at = text.indexOf("details");
    await intro.evaluate((field: HTMLTextAreaElement, position) => field.setSelectionRange(position + 2, position + 2), at);
    await hero.getByRole("button", { name: "Highlight" }).click();
    await expect(intro).toHaveValue(/==details==/);
    await expect(hero.getByLabel("Intro preview").locator("mark").filter({ hasText: "details" })).toBeVisible();
    await intro.evaluate((field: HTMLTextAreaElement) => field.setSelectionRange(0, 10));
    await hero.getByRole("button", { name: "Highlight" }).click();
    await expect(intro).toHaveValue(/^Travel is/);
    await expectNoAxeViolations(page, { within: "main" });

    await hero.getByRole("button", { name: "Save hero and intro" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Hero and intro saved." })).toBeVisible();
    const html = await (await request.get("/", { headers: { cookie: "" } })).text();
    expect(html).toMatch(/<h1[^>]*>[^<]*Monsoon trips that feel like home[^<]*<\/h1>/);
    expect(html).toContain('alt="Mysore Palace lit up at dusk"');
    // The hero photo is the upload, served as its AVIF and WebP variants.
    const [photo] = await db.query<{ variants: { format: string; url: string }[] }>("select variants from media where alt = 'Mysore Palace lit up at dusk'");
    for (const format of ["avif", "webp"]) expect(html).toContain(photo!.variants.find((variant) => variant.format === format)!.url);
  });

  await test.step("a Why Choose Us card's title and icon and a process step's text, saved on the same page, change on the home page", async () => {
    const cards = page.getByRole("form", { name: "Why Choose Us and the process" });
    await cards.getByLabel("Card 1: title").fill("Trips planned by people who went");
    await cards.getByLabel("Card 1: icon").selectOption("plane");
    await cards.getByLabel("Step 4: text").fill("We stay in touch on WhatsApp from the airport to your return.");
    await cards.getByRole("button", { name: "Save cards and steps" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Cards and steps saved." })).toBeVisible();
    const html = await (await request.get("/", { headers: { cookie: "" } })).text();
    expect(html).toContain("Trips planned by people who went");
    expect(html).toContain("We stay in touch on WhatsApp from the airport to your return.");
    const [first] = await db.query<{ icon: string }>("select icon from home_cards where section = 'why-choose-us' order by sort_order limit 1");
    expect(first!.icon).toBe("plane");
  });

  await test.step("the home page shows the highlighted word", async () => {
    await gotoHydrated(page, "/");
    const about = page.getByRole("region", { name: "About us" });
    await expect(about.locator('span[class*="green"]').filter({ hasText: /^details/ })).toHaveCount(1);
    await expect(about.locator('span[class*="green"]').filter({ hasText: /^Travel/ })).toHaveCount(0);
    await expect(about).not.toContainText("==");
  });
});
