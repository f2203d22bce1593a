import crypto from "node:crypto";
import { expectNoAxeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { deleteBlogRow, insertBlog, pressInEditor } from "./admin-blogs-helpers";
import { expect, gotoHydrated, test, type TestDatabase } from "./fixtures";

/**
 * "Nothing an admin sends is lost": what a post holds survives being opened
 * in the blog editor and saved — through the visual editor when it can keep
 * it all, in the HTML field (with a notice) when it cannot — and an image's
 * alt text can be changed after it was inserted.
 */

// This file's own client address: its sign-ins never count against other files' throttles.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "10.250.13.1" } });

/** Creates a published post through the write API (as the signed-in page), removed after the test. */
async function createThroughApi(page: Page, db: TestDatabase, content: string) {
  const title = `E2E Fidelity ${crypto.randomBytes(3).toString("hex")}`;
  const response = await page.request.post("/api/blogs", { data: { title, content } });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  db.onCleanup(() => deleteBlogRow(db, id));
  return { id, title };
}

async function saveAndReturnToList(page: Page) {
  await page.getByRole("button", { name: "Update Blog" }).click();
  await expect(page).toHaveURL(/\/admin\/blogs$/);
  await expect(page.getByRole("status").filter({ hasText: "Blog updated successfully!" })).toBeVisible();
}

const TABLE_POST = [
  "<p>What a week in Kerala costs:</p>",
  '<table><thead><tr><th scope="col">Month</th><th scope="col">Price</th></tr></thead>',
  "<tbody><tr><td>May</td><td>₹42,000</td></tr><tr><td>December</td><td>₹58,000</td></tr></tbody></table>",
  "<p>Book early.</p>",
].join("");

const TABLE_NOTICE = "This post contains a table that the visual editor cannot keep. Edit it as HTML to keep it.";

test("a post with a table opens in the HTML field with a notice, and saving keeps the table", async ({ adminPage: page, db }) => {
  const post = await createThroughApi(page, db, TABLE_POST);
  await gotoHydrated(page, `/admin/blogs/${post.id}`);

  await expect(page.getByRole("status").filter({ hasText: TABLE_NOTICE })).toBeVisible();
  const field = page.getByRole("textbox", { name: "Content (HTML)" });
  await expect(field).toHaveAccessibleDescription(TABLE_NOTICE);
  await expect(field).toHaveValue(/<table>/);
  await expect(page.getByRole("toolbar", { name: "Content formatting" })).toHaveCount(0);
  // The editor is scanned whole in admin-blogs; here the HTML field with its notice.
  await expectNoAxeViolations(page, { within: "#admin-main" });

  await field.fill((await field.inputValue()).replace("Book early.", "Book early: May fills up."));
  await saveAndReturnToList(page);

  const [row] = await db.query<{ content: string }>(`select content from blogs where id = $1`, [post.id]);
  expect(row!.content).toContain("<td>₹42,000</td>");
  await page.goto(`/blogs/${post.id}`);
  const table = page.locator("article").getByRole("table");
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Price" })).toBeVisible();
  await expect(table.getByRole("cell", { name: "₹58,000" })).toBeVisible();
  await expect(page.getByText("Book early: May fills up.")).toBeVisible();
});

test("the HTML field goes back to the visual editor only once nothing would be lost", async ({ adminPage: page, db }) => {
  const post = await insertBlog(db, { content: TABLE_POST });
  await gotoHydrated(page, `/admin/blogs/${post.id}`);
  const field = page.getByRole("textbox", { name: "Content (HTML)" });
  await expect(field).toHaveValue(/<table>/);

  await page.getByRole("button", { name: "Use the visual editor" }).click();
  await expect(page.getByRole("status").filter({ hasText: "This post still contains a table" })).toBeVisible();
  await expect(field).toBeVisible();

  await field.fill("<p>What a week in Kerala costs: ask us.</p><p>Book early.</p>");
  await page.getByRole("button", { name: "Use the visual editor" }).click();
  const content = page.getByRole("textbox", { name: "Content", exact: true });
  await expect(content).toContainText("What a week in Kerala costs: ask us.");
  await expect(content).toBeFocused();
  await expect(page.getByRole("toolbar", { name: "Content formatting" })).toBeVisible();
  await expect(page.getByText(/visual editor cannot keep/)).toHaveCount(0);
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();
  await saveAndReturnToList(page);
  const [row] = await db.query<{ content: string }>(`select content from blogs where id = $1`, [post.id]);
  expect(row!.content).toBe("<p>What a week in Kerala costs: ask us.</p><p>Book early.</p>");
});

test("dividers, code blocks, inline code, strike-through and small headings round-trip through the visual editor", async ({ adminPage: page, db }) => {
  const code = "npm run build\n  --port 3000";
  const post = await createThroughApi(
    page,
    db,
    `<p>Before the rule.</p><hr><pre><code>${code}</code></pre><p>Run <code>npm start</code>, not the <s>old script</s>.</p><h4>Small print</h4><p>The end.</p>`,
  );
  await gotoHydrated(page, `/admin/blogs/${post.id}`);
  const content = page.getByRole("textbox", { name: "Content", exact: true });
  await expect(content).toContainText("Before the rule.");
  await expect(page.getByText(/visual editor cannot keep/)).toHaveCount(0);
  await expect(content.locator("hr")).toHaveCount(1);
  await expect(content.locator("pre code")).toHaveText(code);

  // A second divider from the toolbar, then a line of text after it.
  await content.getByText("The end.").click();
  await pressInEditor(page, "End");
  await page.getByRole("toolbar", { name: "Content formatting" }).getByRole("button", { name: "Divider" }).click();
  await page.keyboard.type("After the second rule.");
  await saveAndReturnToList(page);

  const [row] = await db.query<{ content: string }>(`select content from blogs where id = $1`, [post.id]);
  // (sanitize-html writes void elements as <hr />.)
  expect(row!.content).toContain(`<hr /><pre><code>${code}</code></pre>`);
  expect(row!.content).toMatch(/<p>The end\.<\/p><hr \/><p>After the second rule\.<\/p>$/);
  expect(row!.content).toContain("<code>npm start</code>");
  expect(row!.content).toContain("<s>old script</s>");
  expect(row!.content).toContain("<h4>Small print</h4>");

  await page.goto(`/blogs/${post.id}`);
  const article = page.locator("article");
  await expect(article.getByRole("separator")).toHaveCount(2);
  await expect(article.locator("pre code")).toHaveText(code);
  await expect(article.getByRole("heading", { level: 4, name: "Small print" })).toBeVisible();
  await expect(article.getByText("After the second rule.")).toBeVisible();
});

test("an image's alt text is edited after insertion, with the keyboard, and the public page shows it", async ({ adminPage: page, db, request }) => {
  // A real image of the site (a seeded post's), so both pages show it.
  const [seeded] = (await (await request.get("/api/blogs")).json()) as { headImg: string }[];
  const post = await insertBlog(db, {
    content: `<p>Intro paragraph.</p><img src="${seeded!.headImg}" alt="Old description" width="800" height="533"><p>After the image.</p>`,
  });
  await gotoHydrated(page, `/admin/blogs/${post.id}`);
  const content = page.getByRole("textbox", { name: "Content", exact: true });
  await expect(content.getByRole("img", { name: "Old description" })).toBeVisible();
  const toolbar = page.getByRole("toolbar", { name: "Content formatting" });
  const altTool = toolbar.getByRole("button", { name: "Alt text" });
  await expect(altTool).toHaveAttribute("aria-disabled", "true");

  // Reach the image with the arrow keys: it becomes selected and the tool usable.
  await content.getByText("Intro paragraph.").click();
  await pressInEditor(page, "End");
  await page.keyboard.press("ArrowDown");
  await expect(altTool).not.toHaveAttribute("aria-disabled");
  await page.keyboard.press("Shift+Tab");
  await expect(toolbar.getByRole("button", { name: "Undo" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(altTool).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(altTool).toHaveAttribute("aria-expanded", "true");

  const altField = page.getByRole("textbox", { name: "Image description (alt text)" });
  await expect(altField).toBeFocused();
  await expect(altField).toHaveValue("Old description");
  // An empty description is refused: the image must still say what it shows.
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "Describe what the image shows" })).toBeVisible();
  await expect(altField).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, { within: '[role="group"]:has([aria-invalid="true"])', what: "alt text panel with its error" });
  await page.keyboard.type("The Amber Fort above Maota Lake");
  await page.keyboard.press("Enter");
  await expect(altField).toHaveCount(0);
  await expect(content.getByRole("img", { name: "The Amber Fort above Maota Lake" })).toBeVisible();
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();
  await saveAndReturnToList(page);

  await page.goto(`/blogs/${post.id}`);
  await expect(page.locator("article").getByRole("img", { name: "The Amber Fort above Maota Lake" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Old description" })).toHaveCount(0);
});
