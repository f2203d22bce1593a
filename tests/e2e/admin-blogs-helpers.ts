import crypto from "node:crypto";
import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import type { TestDatabase } from "./fixtures";

export const PHOTO = "/work/shared/photos/02-taj-mahal-riverside-small.webp";

/** Removes a post, its activity entries and its revisions, drafts and schedule (cascades take its views). */
export async function deleteBlogRow(db: TestDatabase, id: number) {
  await db.query(`delete from activity where subject_type = 'blog' and subject_id = $1`, [String(id)]);
  for (const table of ["content_revisions", "content_drafts", "content_schedule", "editor_presence"]) {
    await db.query(`delete from ${table} where entity_type = 'blog' and entity_id = $1`, [String(id)]);
  }
  await db.query(`delete from blogs where id = $1`, [id]);
}

/** A post of its own for one test (published unless asked), removed after it. */
export async function insertBlog(db: TestDatabase, fields: { status?: "draft" | "published"; content?: string } = {}) {
  const suffix = crypto.randomBytes(3).toString("hex");
  const title = `E2E Post ${suffix}`;
  const [row] = await db.query<{ id: number }>(
    `insert into blogs (slug, title, excerpt, duration_minutes, upload_date, content, status)
     values ($1, $2, 'An e2e fixture post.', 3, current_date, $3, $4) returning id`,
    [`e2e-post-${suffix}`, title, fields.content ?? "<p>The first paragraph of the fixture.</p>", fields.status ?? "published"],
  );
  db.onCleanup(() => deleteBlogRow(db, row!.id));
  return { id: row!.id, title, slug: `e2e-post-${suffix}` };
}

/** The post a test created through the editor (by its unique title), removed after the test. */
export async function blogByTitle(db: TestDatabase, title: string) {
  const [row] = await db.query<{ id: number; status: string; content: string; head_image: string | null; duration_minutes: number }>(
    `select id, status, content, head_image, duration_minutes from blogs where title = $1`,
    [title],
  );
  if (row) db.onCleanup(() => deleteBlogRow(db, row.id));
  return row ?? null;
}

/**
 * Drops a file on an element as a person dragging it from their desktop does:
 * dragover then drop, with the file in a DataTransfer (the events bubble to the zone).
 */
export async function dropFile(page: Page, target: Locator, file: { name: string; type: string; bytes: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, data }) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], name, { type }));
      return transfer;
    },
    { name: file.name, type: file.type, data: file.bytes.toString("base64") },
  );
  await target.dispatchEvent("dragenter", { dataTransfer });
  await target.dispatchEvent("dragover", { dataTransfer });
  await target.dispatchEvent("drop", { dataTransfer });
}

export function photo() {
  return { name: "taj-mahal-riverside.webp", type: "image/webp", bytes: fs.readFileSync(PHOTO) };
}

/**
 * Presses a caret key in the blog editor and waits until the editor's own selection has followed the
 * browser's: ProseMirror reads the new caret on the `selectionchange` event, and a key or a toolbar click
 * that comes before it (a loaded machine) acts at the old place (a heading typed before the first line).
 * The editor element's `editor` is TipTap's, kept on the DOM for tests.
 */
export async function pressInEditor(page: Page, key: string) {
  await page.keyboard.press(key);
  await page.waitForFunction(() => {
    const view = (
      document.querySelector(".ProseMirror") as unknown as {
        editor: { view: { state: { selection: { head: number } }; posAtDOM(node: Node, offset: number): number } };
      }
    ).editor.view;
    const selection = document.getSelection();
    return Boolean(selection?.focusNode) && view.state.selection.head === view.posAtDOM(selection!.focusNode!, selection!.focusOffset);
  });
}
