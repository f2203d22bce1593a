// Media rows with their variant files, for the media *.db.test.ts files.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Db } from "~/server/db/db.server";
import { media } from "~/server/db/schema.server";
import { LocalDiskStorage, setMediaStorage } from "~/server/media/storage.server";

/**
 * A fresh media directory, made the storage that the media code writes to and
 * deletes from, with helpers to add a media row as an upload (or the seed)
 * leaves it, to ask whether one of its files is still there, and to remove
 * the directory when the file's tests are done.
 */
export async function useTempMediaDir(prefix: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  setMediaStorage(new LocalDiskStorage(dir));
  const fileOf = (url: string) => path.join(dir, path.basename(url));
  return {
    dir,
    /** A media row and its AVIF and WebP files; `file` lets two rows share files, as one photo uploaded twice does. */
    async addMedia(db: Db, key: string, { alt = "", file = key, width = 400 } = {}) {
      const variants = (["avif", "webp"] as const).map((format) => ({ format, width, height: 300, url: `/media/${file}-${width}.${format}` }));
      for (const variant of variants) await fs.writeFile(fileOf(variant.url), "x");
      const [row] = await db
        .insert(media)
        .values({ key, originalName: `${key}.jpg`, alt, width, height: 300, placeholder: "", variants, bytes: 1000 })
        .returning();
      return row!;
    },
    fileExists: (url: string) =>
      fs.access(fileOf(url)).then(
        () => true,
        () => false,
      ),
    remove: () => fs.rm(dir, { recursive: true, force: true }),
  };
}
