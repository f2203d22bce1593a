import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/db.server";
import { blogs, contentDrafts, contentRevisions, media, packages } from "~/server/db/schema.server";
import { useTempMediaDir } from "../../../tests/support/media-rows";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { deleteMediaIfUnused } from "./media-cleanup.server";

let db: Db;
let files: Awaited<ReturnType<typeof useTempMediaDir>>;
const addMedia = (key: string, file = key) => files.addMedia(db, key, { file }).then((row) => row.variants);
const fileExists = (url: string) => files.fileExists(url);

beforeAll(async () => {
  db = await openTestDatabase();
  files = await useTempMediaDir("pravas-cleanup-");
});
afterAll(async () => {
  await closeTestDatabase();
  await files.remove();
});

describe("deleteMediaIfUnused", () => {
  it("deletes only uploaded media that nothing refers to, and keeps shared files", async () => {
    await addMedia("taj-mahal"); // seeded
    const thumb = await addMedia("upload-thumb");
    await addMedia("upload-gallery");
    await addMedia("upload-day");
    const inBlog = await addMedia("upload-inline");
    const gone = await addMedia("upload-gone");
    await addMedia("upload-gone-twin", "upload-gone"); // the same photo uploaded twice: same files
    const alone = await addMedia("upload-alone");
    const pdf = "/media/brochures/kerala-1a2b3c4d5e.pdf";
    await fs.mkdir(path.join(files.dir, "brochures"));
    await fs.writeFile(path.join(files.dir, "brochures/kerala-1a2b3c4d5e.pdf"), "%PDF-");
    await db
      .insert(media)
      .values({ key: "upload-brochure", originalName: "kerala.pdf", kind: "brochure", url: pdf, width: 0, height: 0, placeholder: "", variants: [] });

    await db.insert(packages).values({
      slug: "kerala",
      title: "Kerala",
      country: "India",
      region: "national",
      days: 5,
      nights: 4,
      description: "Backwaters",
      priceFrom: 1000,
      price: { kind: "single", amount: 1000, unit: "per person" },
      thumbnail: "upload-thumb",
      gallery: ["upload-gallery", "taj-mahal"],
      itinerary: [{ day: 1, title: "Arrive", description: "", photo: "upload-day" }],
    } as typeof packages.$inferInsert);
    await db.insert(blogs).values({ slug: "b", title: "B", uploadDate: "2026-11-23", content: `<p><img src="${inBlog[1]!.url}" alt=""></p>` });

    const result = await deleteMediaIfUnused([
      "taj-mahal",
      "upload-thumb",
      "upload-gallery",
      "upload-day",
      "upload-inline",
      "upload-gone",
      "upload-alone",
      pdf,
      "upload-unknown",
    ]);
    expect(result.deleted.sort()).toEqual(["upload-alone", "upload-brochure", "upload-gone"]);

    const left = (await db.select({ key: media.key }).from(media)).map((row) => row.key).sort();
    expect(left).toEqual(["taj-mahal", "upload-day", "upload-gallery", "upload-gone-twin", "upload-inline", "upload-thumb"]);
    for (const variant of alone) expect(await fileExists(variant.url)).toBe(false);
    expect(await fileExists(pdf)).toBe(false);
    // Still used by the twin row: the files stay.
    for (const variant of gone) expect(await fileExists(variant.url)).toBe(true);
    for (const variant of thumb) expect(await fileExists(variant.url)).toBe(true);
    expect(await fileExists("/media/taj-mahal-400.webp")).toBe(true);

    expect(await deleteMediaIfUnused([])).toEqual({ deleted: [] });
  });

  it("keeps media a kept revision or pending draft changes refer to (ADR 037), and deletes them once none does", async () => {
    const old = await addMedia("upload-old-thumb");
    const drafted = await addMedia("upload-drafted");
    await db
      .insert(contentRevisions)
      .values({ entityType: "package", entityId: "41", version: 3, kind: "updated", label: "Kerala", document: { thumbnail: "upload-old-thumb" } });
    await db
      .insert(contentDrafts)
      .values({ entityType: "blog", entityId: "7", baseVersion: 2, document: { content: `<p><img src="${drafted[1]!.url}" alt=""></p>` } });
    // Offered by key, and by a variant's path (as a blog's HTML names it).
    expect(await deleteMediaIfUnused(["upload-old-thumb", drafted[1]!.url])).toEqual({ deleted: [] });
    for (const variant of [...old, ...drafted]) expect(await fileExists(variant.url)).toBe(true);

    await db.delete(contentRevisions);
    await db.delete(contentDrafts);
    expect((await deleteMediaIfUnused(["upload-old-thumb", drafted[1]!.url])).deleted.sort()).toEqual(["upload-drafted", "upload-old-thumb"]);
    for (const variant of [...old, ...drafted]) expect(await fileExists(variant.url)).toBe(false);
  });
});
