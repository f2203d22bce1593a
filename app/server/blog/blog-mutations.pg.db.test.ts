// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): simultaneous creates with one title race for the same slug: on PostgreSQL in
// separate connections, on PGlite one after another.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isoDateIn } from "~/lib/blog-format";
import { listActivity } from "~/server/activity/activity.server";
import { getAuth, resetAuthForTests } from "~/server/auth/auth.server";
import type { Viewer } from "~/server/auth/guard.server";
import type { Db } from "~/server/db/db.server";
import { blogs, contentRevisions, media } from "~/server/db/schema.server";
import { documentMediaRefs } from "~/server/media/document-media.server";
import { sweepDeletedRevisions } from "~/server/content/revisions.server";
import { deleteMediaIfUnused } from "~/server/media/media-cleanup.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { getEnv } from "~/server/env.server";
import { LocalDiskStorage, setMediaStorage } from "~/server/media/storage.server";
import { getBlogForEditor, listBlogsForAdmin } from "./blog-editor.server";
import { FOREIGN_HEAD_IMAGE_MESSAGE, parseBlogBody, rowToBlogInput, UNKNOWN_HEAD_IMAGE_MESSAGE } from "./blog-input.server";
import { BLOG_SLUG_TAKEN_MESSAGE, createBlog, deleteBlog, updateBlog } from "./blog-mutations.server";
import { getBlog, listBlogs } from "./blog-queries.server";

let db: Db;
let viewer: Viewer;
let mediaDir: string;
const ctx = () => ({ viewer, ip: "10.0.0.7" });

/** An uploaded image as the tus pipeline leaves it: a media row and its variant files. */
async function addUpload(key: string) {
  const variants = (["avif", "webp"] as const).map((format) => ({ format, width: 400, height: 300, url: `/media/${key}-400.${format}` }));
  for (const variant of variants) await fs.writeFile(path.join(mediaDir, path.basename(variant.url)), "x");
  await db.insert(media).values({ key, originalName: `${key}.jpg`, width: 400, height: 300, placeholder: "", variants });
  return { key, webp: variants[1]!.url };
}
const mediaExists = async (key: string) => (await db.select().from(media).where(eq(media.key, key))).length === 1;

beforeAll(async () => {
  resetAuthForTests();
  db = await openTestDatabase({ seeded: true });
  mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), "pravas-blog-"));
  setMediaStorage(new LocalDiskStorage(mediaDir));
  const { user } = await getAuth().api.createUser({
    body: { email: "bea@example.com", password: "bea-password-123", name: "Bea", role: "editor" },
  });
  viewer = { id: user.id, email: user.email, name: user.name, role: "editor" };
});
afterAll(async () => {
  resetAuthForTests();
  await closeTestDatabase();
});

const words = (n: number) => `<p>${Array.from({ length: n }, (_, i) => `word${i}`).join(" ")}</p>`;

describe("blog mutations", () => {
  it("create a draft from a title alone: slug derived, dated today, hidden from visitors, logged", async () => {
    const result = await createBlog({ title: "Monsoon in Kerala" }, ctx());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.row).toMatchObject({ slug: "monsoon-in-kerala", status: "draft", durationMinutes: 1, headImage: null });
    expect(result.row.uploadDate).toBe(isoDateIn(new Date()));
    expect(await getBlog("monsoon-in-kerala")).toBeNull();
    expect((await getBlog(String(result.row.id), { includeDrafts: true }))?.title).toBe("Monsoon in Kerala");
    const [entry] = await listActivity({ kind: "blog.created" });
    expect(entry).toMatchObject({ userId: viewer.id, subjectId: String(result.row.id), subjectLabel: "Monsoon in Kerala", ip: "10.0.0.7" });
    expect(await listActivity({ kind: "blog.published" })).toHaveLength(0);
  });

  it("the API payload {title, content, headImg}: published, headImg URL stored as its media key, reading time from the words", async () => {
    const head = await addUpload("upload-api-head");
    const parsed = parseBlogBody({ title: "Street Food of Delhi", content: words(450), headImg: head.webp });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const result = await createBlog(parsed.input, ctx());
    expect(result.ok && result.row).toMatchObject({ status: "published", headImage: head.key, durationMinutes: 3 });
    expect((await listBlogs()).map((row) => row.slug)).toContain("street-food-of-delhi");
    expect((await listActivity({ kind: "blog.published" }))[0]?.subjectLabel).toBe("Street Food of Delhi");
    // An absolute URL on our own origin is ours too.
    const absolute = await createBlog({ title: "Absolute", headImage: new URL(head.webp, getEnv().SITE_URL).href }, ctx());
    expect(absolute.ok && absolute.row.headImage).toBe(head.key);
  });

  it("stores sanitized HTML: scripts and handlers gone, _BLANK links get noopener, an author's rel=opener is dropped", async () => {
    const result = await createBlog(
      {
        title: "Hostile",
        content:
          '<p onclick="alert(1)">Hi<script>alert(2)</script></p><a href="https://example.com" target="_BLANK">a</a>' +
          '<a href="https://example.com" rel="opener nofollow">b</a><a href="javascript:alert(3)">c</a>',
      },
      ctx(),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.row.content).toBe(
      '<p>Hi</p><a href="https://example.com" target="_blank" rel="noopener noreferrer">a</a>' + '<a href="https://example.com" rel="nofollow">b</a><a>c</a>',
    );
  });

  it("refuses images from other sites with a message, and stores nothing", async () => {
    const before = (await db.select().from(blogs)).length;
    const foreign = await createBlog(
      { title: "Borrowed", content: '<p><img src="https://cdn.example.com/a.jpg" alt=""><img src="//cdn.example.com/b.jpg"></p>' },
      ctx(),
    );
    expect(foreign.ok).toBe(false);
    expect(!foreign.ok && foreign.fields.content).toMatch(/other sites are blocked.*cdn\.example\.com\/a\.jpg, \/\/cdn\.example\.com\/b\.jpg/);
    expect(await createBlog({ title: "Borrowed", headImage: "https://cdn.example.com/a.jpg" }, ctx())).toEqual({
      ok: false,
      fields: { headImage: FOREIGN_HEAD_IMAGE_MESSAGE },
    });
    expect(await createBlog({ title: "Borrowed", headImage: "upload-nothing-here" }, ctx())).toEqual({
      ok: false,
      fields: { headImage: UNKNOWN_HEAD_IMAGE_MESSAGE },
    });
    // The spec's payload names the field headImg: so does its error.
    const api = parseBlogBody({ title: "Borrowed", headImg: 42 });
    expect(!api.ok && Object.keys(api.fields)).toEqual(["headImg"]);
    expect((await db.select().from(blogs)).length).toBe(before);
    expect((await listActivity({ kind: "blog.created" })).map((entry) => entry.subjectLabel)).not.toContain("Borrowed");
  });

  it("slugs: a taken typed slug is a field error, a derived one gets -2, digits alone never read as an id", async () => {
    expect(await createBlog({ title: "Other", slug: "monsoon-in-kerala" }, ctx())).toEqual({
      ok: false,
      fields: { slug: BLOG_SLUG_TAKEN_MESSAGE },
    });
    const again = await createBlog({ title: "Monsoon in Kerala" }, ctx());
    expect(again.ok && again.row.slug).toBe("monsoon-in-kerala-2");
    const year = await createBlog({ title: "2026" }, ctx());
    expect(year.ok && year.row.slug).toBe("blog-2026");
    const typed = await createBlog({ title: "Numbers", slug: "2027" }, ctx());
    expect(!typed.ok && typed.fields.slug).toMatch(/a number alone/);
  });

  it("simultaneous creates with one title all succeed, with different slugs", async () => {
    // On PostgreSQL the transactions overlap: all see the slug free, the losers hit the unique index and retry.
    const results = await Promise.all([1, 2, 3].map(() => createBlog({ title: "Race to Ladakh" }, ctx())));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(results.map((result) => result.ok && result.row.slug).sort()).toEqual(["race-to-ladakh", "race-to-ladakh-2", "race-to-ladakh-3"]);
    const typed = await Promise.all([1, 2].map(() => createBlog({ title: "Typed", slug: "typed-race" }, ctx())));
    expect(typed.filter((result) => result.ok)).toHaveLength(1);
    expect(typed.find((result) => !result.ok)).toEqual({ ok: false, fields: { slug: BLOG_SLUG_TAKEN_MESSAGE } });
  });

  it("update: new values, date kept, unpublish logged, a replaced head image and removed inline images deleted", async () => {
    const head = await addUpload("upload-old-head");
    const inline = await addUpload("upload-inline");
    const kept = await addUpload("upload-kept");
    const created = await createBlog(
      {
        title: "Hampi at Dawn",
        headImage: head.key,
        uploadDate: "2026-10-01",
        status: "published",
        content: `<p>Boulders.</p><img src="${inline.webp}" alt="Temple"><img src="${kept.webp}" alt="River">`,
      },
      ctx(),
    );
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const newHead = await addUpload("upload-new-head");
    const { uploadDate: _date, ...input } = rowToBlogInput(created.row);
    const updated = await updateBlog(
      created.row.id,
      { ...input, title: "Hampi at Sunrise", headImage: newHead.key, status: "draft", content: `<p>Boulders.</p><img src="${kept.webp}" alt="River">` },
      ctx(),
    );
    expect(updated?.ok && updated.row).toMatchObject({ title: "Hampi at Sunrise", uploadDate: "2026-10-01", status: "draft", headImage: newHead.key });
    expect(updated?.ok && updated.row.updatedAt > created.row.updatedAt).toBe(true);
    // The replaced images stay while a kept revision uses them (ADR 037: an old version can be restored)…
    expect(await mediaExists(head.key)).toBe(true);
    expect(await mediaExists(inline.key)).toBe(true);
    // …and go once no revision does.
    await db.delete(contentRevisions).where(and(eq(contentRevisions.entityType, "blog"), eq(contentRevisions.entityId, String(created.row.id))));
    await deleteMediaIfUnused([head.key, inline.webp, kept.key]);
    expect(await mediaExists(head.key)).toBe(false);
    expect(await mediaExists(inline.key)).toBe(false);
    expect(await mediaExists(kept.key)).toBe(true);
    expect(await mediaExists(newHead.key)).toBe(true);
    expect((await listActivity({ kind: "blog.unpublished" }))[0]?.subjectLabel).toBe("Hampi at Sunrise");
    expect((await listActivity({ kind: "blog.updated" }))[0]?.subjectId).toBe(String(created.row.id));
    expect(await updateBlog(999_999, input, ctx())).toBeNull();
    const invalid = await updateBlog(created.row.id, { ...input, title: " " }, ctx());
    expect(invalid && "fields" in invalid && invalid.fields.title).toBe("Title is required.");
  });

  it("an API update lays the body over the stored post and recomputes the reading time of new content", async () => {
    const row = (await getBlog("street-food-of-delhi"))!;
    const parsed = parseBlogBody({ content: words(1000) }, rowToBlogInput(row));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const updated = await updateBlog(row.id, parsed.input, ctx());
    expect(updated?.ok && updated.row).toMatchObject({ title: "Street Food of Delhi", durationMinutes: 5, status: "published", headImage: row.headImage });
    const typed = parseBlogBody({ content: words(10), durationMinutes: 12 }, rowToBlogInput(row));
    expect(typed.ok && typed.input.durationMinutes).toBe(12);
  });

  it("delete: the post and its unused images go, logged once; a second delete finds nothing", async () => {
    const row = (await getBlog("street-food-of-delhi"))!;
    const headKey = row.headImage!;
    const deleted = await deleteBlog(row.id, ctx());
    expect(deleted?.ok && deleted.row.id).toBe(row.id);
    expect(await getBlog(String(row.id), { includeDrafts: true })).toBeNull();
    // "Absolute" still uses the same head image: it stays.
    expect(await mediaExists(headKey)).toBe(true);
    const absolute = (await getBlog("absolute", { includeDrafts: true }))!;
    await deleteBlog(absolute.id, ctx());
    // Both can be restored for 30 days, with their head image; then their history and the image go.
    expect(await mediaExists(headKey)).toBe(true);
    const removed = await sweepDeletedRevisions(new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
    expect(removed.length).toBeGreaterThanOrEqual(2);
    await deleteMediaIfUnused(removed.flatMap(({ type, document }) => documentMediaRefs(type, document)));
    expect(await mediaExists(headKey)).toBe(false);
    expect((await listActivity({ kind: "blog.deleted" })).map((entry) => entry.subjectLabel)).toEqual(["Absolute", "Street Food of Delhi"]);
    expect(await deleteBlog(row.id, ctx())).toBeNull();
  });

  it("the editor's values and the admin list (search and status filter, drafts included)", async () => {
    const hampi = (await getBlog("hampi-at-dawn", { includeDrafts: true }))!;
    const editor = await getBlogForEditor(hampi.id, viewer, new URL("http://localhost/admin/blogs/1"));
    expect(editor?.values).toMatchObject({
      title: "Hampi at Sunrise",
      slug: "hampi-at-dawn",
      durationMinutes: "1",
      status: "draft",
      headImage: "upload-new-head",
      uploadDate: "2026-10-01",
    });
    expect(editor?.headImagePreview).toBe("/media/upload-new-head-400.webp");
    expect(await getBlogForEditor(999_999, viewer, new URL("http://localhost/admin/blogs/1"))).toBeNull();

    const drafts = await listBlogsForAdmin({ q: "", status: "draft" });
    expect(drafts.every((card) => card.status === "draft")).toBe(true);
    expect(drafts.map((card) => card.title)).toContain("Hampi at Sunrise");
    const found = await listBlogsForAdmin({ q: "SUNRISE", status: "" });
    expect(found.map((card) => card.title)).toEqual(["Hampi at Sunrise"]);
    expect(found[0]?.headImage?.key).toBe("upload-new-head");
    expect(await listBlogsForAdmin({ q: "100%_", status: "" })).toEqual([]);
    const published = await listBlogsForAdmin({ q: "", status: "published" });
    expect(published.length).toBeGreaterThanOrEqual(6); // the seeded posts
    expect(published.some((card) => card.headImage || card.headImageUrl)).toBe(true);
  });
});
