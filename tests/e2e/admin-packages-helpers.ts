import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, type TestDatabase } from "./fixtures";

const COPIED = `country, region, status, sort_order, category, days, nights, description, long_description, price_from, price,
  price_options, thumbnail, gallery, highlights, included, excluded, itinerary, group_dates, brochure_url, rating_stars,
  rating_count, reviews, seo_title, seo_description`;

/** Removes a package and what refers to it (activity entries; revisions, drafts and schedule). */
export async function deletePackageRow(db: TestDatabase, id: number) {
  await db.query(`delete from activity where subject_type = 'package' and subject_id = $1`, [String(id)]);
  for (const table of ["content_revisions", "content_drafts", "content_schedule", "editor_presence"]) {
    await db.query(`delete from ${table} where entity_type = 'package' and entity_id = $1`, [String(id)]);
  }
  await db.query(`delete from packages where id = $1`, [id]);
}

/**
 * A published package of its own for one test: a copy of a seeded package
 * with at least two itinerary days, under a unique title and slug; removed after the test.
 */
export async function copyPackage(db: TestDatabase, title = `E2E Tour ${crypto.randomBytes(3).toString("hex")}`) {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const [row] = await db.query<{ id: number; itinerary: { title: string }[] }>(
    `insert into packages (slug, title, ${COPIED})
     select $1, $2, ${COPIED} from packages
     where status = 'published' and jsonb_array_length(itinerary) >= 2 order by id limit 1
     returning id, itinerary`,
    [slug, title],
  );
  if (!row) throw new Error("no seeded package with an itinerary to copy");
  db.onCleanup(() => deletePackageRow(db, row.id));
  return { id: row.id, title, slug, itinerary: row.itinerary };
}

/**
 * Opens a section of the package editor from its section navigation ("Prices", "SEO & publishing"…);
 * answers a CSS selector for the open section (an axe scan's `within`).
 */
export async function openSection(page: Page, title: string, menu = "Package sections"): Promise<string> {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await page
    .getByRole("navigation", { name: menu })
    .getByRole("link", { name: new RegExp(`^${escaped}(:|$)`) })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
  return "section[data-editor-section]:not([hidden])";
}

/** Chooses an item ("Move down", "Remove"…) from a list row's "⋯" menu, e.g. for "highlight 2". */
export async function rowAction(page: Page, row: string, action: string) {
  await page.getByRole("button", { name: `Actions for ${row}`, exact: true }).click();
  await page
    .getByRole("menu", { name: `Actions for ${row}` })
    .getByRole("menuitem", { name: action, exact: true })
    .click();
}
