import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/db.server";
import { activity, blogs, contentRevisions, media, packages } from "~/server/db/schema.server";
import { useTempMediaDir } from "../../../tests/support/media-rows";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { deleteLibraryImage, listLibrary, replaceImageFile, setMediaAlt } from "./media-library.server";

let db: Db;
const ctx = { viewer: { id: null, email: "editor@example.com", name: "Asha" } };

let files: Awaited<ReturnType<typeof useTempMediaDir>>;
const addMedia = (key: string, options?: { alt?: string; file?: string; width?: number }) => files.addMedia(db, key, options);
const fileExists = (url: string) => files.fileExists(url);

beforeAll(async () => {
  db = await openTestDatabase();
  files = await useTempMediaDir("pravas-library-");
});
afterAll(async () => {
  await closeTestDatabase();
  await files.remove();
});

describe("the media library", () => {
  it("lists where each image is used, searches file names and alt text, and filters unused and no-alt images", async () => {
    await addMedia("upload-lib-thumb", { alt: "Backwaters at dusk" });
    const inline = await addMedia("upload-lib-inline");
    await addMedia("upload-lib-unused", { alt: "A spare photo" });
    const [pkg] = await db
      .insert(packages)
      .values({
        slug: "lib-kerala",
        title: "Kerala",
        country: "India",
        region: "national",
        days: 5,
        nights: 4,
        description: "Backwaters",
        priceFrom: 1000,
        price: { kind: "single", amount: 1000, unit: "per person" },
        thumbnail: "upload-lib-thumb",
        gallery: ["upload-lib-thumb"],
        itinerary: [{ day: 1, title: "Arrive", description: "", photo: "upload-lib-thumb" }],
      } as typeof packages.$inferInsert)
      .returning();
    const [blog] = await db
      .insert(blogs)
      .values({
        slug: "lib-b",
        title: "Blog 3",
        uploadDate: "2026-11-23",
        headImage: "upload-lib-thumb",
        content: `<p><img src="${inline.variants[1]!.url}" alt="x"></p>`,
      })
      .returning();

    const all = await listLibrary({ q: "upload-lib", filter: "all", page: 1 });
    const thumb = all.items.find((item) => item.key === "upload-lib-thumb")!;
    expect(thumb.uses).toEqual([
      { label: "Kerala (thumbnail)", href: `/admin/packages/${pkg!.id}#photos` },
      { label: "Kerala (gallery)", href: `/admin/packages/${pkg!.id}#photos` },
      { label: "Kerala (day 1 photo)", href: `/admin/packages/${pkg!.id}#itinerary` },
      { label: "Blog 3 (head image)", href: `/admin/blogs/${blog!.id}` },
    ]);
    expect(all.items.find((item) => item.key === "upload-lib-inline")!.uses).toEqual([{ label: "Blog 3 (in the article)", href: `/admin/blogs/${blog!.id}` }]);

    expect((await listLibrary({ q: "upload-lib", filter: "unused", page: 1 })).items.map((item) => item.key)).toEqual(["upload-lib-unused"]);
    expect((await listLibrary({ q: "upload-lib", filter: "no-alt", page: 1 })).items.map((item) => item.key)).toEqual(["upload-lib-inline"]);
    // Words of the alt text, in any order and case.
    expect((await listLibrary({ q: "DUSK backwaters", filter: "all", page: 1 })).items.map((item) => item.key)).toEqual(["upload-lib-thumb"]);
  });

  it("saves alt text through writeContent: a media revision and an activity entry", async () => {
    const row = await addMedia("upload-alt");
    expect(await setMediaAlt(ctx, row.id, "A houseboat on the lake")).toMatchObject({ ok: true });
    const [stored] = await db.select({ alt: media.alt }).from(media).where(eq(media.id, row.id));
    expect(stored!.alt).toBe("A houseboat on the lake");
    const revisions = await db
      .select()
      .from(contentRevisions)
      .where(and(eq(contentRevisions.entityType, "media"), eq(contentRevisions.entityId, String(row.id))));
    expect(revisions.at(-1)!.changes).toEqual([{ field: "alt", label: "alt text", from: "", to: "A houseboat on the lake" }]);
    // The revision never names the files, so it never keeps a deleted image's files.
    expect(JSON.stringify(revisions.map((revision) => revision.document))).not.toContain("/media/");
    const entries = await db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, "media.updated"), eq(activity.subjectId, String(row.id))));
    expect(entries).toHaveLength(1);
    expect(await setMediaAlt(ctx, 999_999, "x")).toMatchObject({ ok: false });
  });

  it("deletes an unused upload and its files; refuses a used image, naming its uses, and a site photo", async () => {
    const unused = await addMedia("upload-del-unused");
    const used = await addMedia("upload-del-used");
    const seeded = await addMedia("del-seeded");
    await db.insert(blogs).values({ slug: "del-b", title: "Used post", uploadDate: "2026-11-23", headImage: "upload-del-used", content: "<p>x</p>" });

    const refused = await deleteLibraryImage(ctx, used.id);
    expect(refused).toMatchObject({ ok: false, uses: [{ label: "Used post (head image)" }] });
    expect(await deleteLibraryImage(ctx, seeded.id)).toMatchObject({ ok: false });
    for (const variant of [...used.variants, ...seeded.variants]) expect(await fileExists(variant.url)).toBe(true);

    expect(await deleteLibraryImage(ctx, unused.id)).toMatchObject({ ok: true });
    expect(await db.select().from(media).where(eq(media.id, unused.id))).toHaveLength(0);
    for (const variant of unused.variants) expect(await fileExists(variant.url)).toBe(false);
  });

  it("replaces an image's file: the key stays, articles showing the old file point at the new one, old files go once nothing names them", async () => {
    const photo = await addMedia("upload-rep", { alt: "Tea gardens" });
    const inline = await addMedia("upload-rep-inline");
    const [blog] = await db
      .insert(blogs)
      .values({
        slug: "rep-b",
        title: "Munnar",
        uploadDate: "2026-11-23",
        headImage: "upload-rep",
        content: `<p><img src="${inline.variants[1]!.url}" alt="Hills" width="400" height="300"></p>`,
      })
      .returning();

    // The head image (by key): the row takes the new file; the old files are deleted.
    const next = await addMedia("upload-rep-new", { width: 800 });
    expect(await replaceImageFile(ctx, photo.id, "upload-rep-new")).toMatchObject({ ok: true });
    const [replaced] = await db.select().from(media).where(eq(media.id, photo.id));
    expect(replaced).toMatchObject({ key: "upload-rep", alt: "Tea gardens", width: 800, originalName: "upload-rep-new.jpg" });
    expect(replaced!.variants).toEqual(next.variants);
    expect(await db.select().from(media).where(eq(media.key, "upload-rep-new"))).toHaveLength(0);
    for (const variant of photo.variants) expect(await fileExists(variant.url)).toBe(false);

    // An image in an article (by address): the article is rewritten, with a blog revision that still names the old file, which stays.
    const other = await addMedia("upload-rep-other", { width: 1200 });
    expect(await replaceImageFile(ctx, inline.id, "upload-rep-other")).toMatchObject({ ok: true });
    const [post] = await db.select().from(blogs).where(eq(blogs.id, blog!.id));
    expect(post!.content).toBe(`<p><img src="${other.variants[1]!.url}" alt="Hills" width="1200" height="300"></p>`);
    expect(post!.revision).toBeGreaterThan(blog!.revision);
    expect(await fileExists(inline.variants[1]!.url)).toBe(true);

    // A file that is in use cannot be taken as the new one.
    expect(await replaceImageFile(ctx, inline.id, "upload-rep")).toMatchObject({ ok: false, field: "upload" });
  });
});
