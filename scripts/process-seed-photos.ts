// Makes the seed photos' image files once, in the cache that the test
// databases (tests/support/test-db.ts) and every e2e server
// (scripts/e2e-server.mjs) seed from, so none of them makes its own (ADR 036).
//
// With SEED_MEDIA_CACHE (a directory outside the clone; .ci/run sets it), the
// files are first copied from there and the seed photos' files copied back
// after (ADR 055): a fresh clone then encodes nothing. The file names hash the
// source photo and the encoder settings, so a kept file is never a stale one;
// only the seed photos' own files are kept, never what tests uploaded.
//
//   npx tsx scripts/process-seed-photos.ts
import fs from "node:fs";
import path from "node:path";
import { photos } from "~/server/seed/data/photos";
import { processSeedPhoto } from "~/server/seed/seed.server";

const cache = path.resolve(".cache/media");
const kept = process.env.SEED_MEDIA_CACHE;
const started = performance.now();
fs.mkdirSync(cache, { recursive: true });
if (kept && fs.existsSync(kept)) {
  for (const file of fs.readdirSync(kept).filter((name) => !name.startsWith("."))) {
    if (!fs.existsSync(path.join(cache, file))) fs.copyFileSync(path.join(kept, file), path.join(cache, file));
  }
}
const files: string[] = [];
for (const photo of photos) {
  const processed = await processSeedPhoto(photo, cache);
  files.push(...processed.variants.map((variant) => path.basename(variant.url)));
}
if (kept) {
  fs.mkdirSync(kept, { recursive: true });
  for (const file of files) {
    if (fs.existsSync(path.join(kept, file))) continue;
    // Under a temporary name first: a run stopped halfway never leaves half a file.
    const temporary = path.join(kept, `.${file}.${process.pid}.tmp`);
    fs.copyFileSync(path.join(cache, file), temporary);
    fs.renameSync(temporary, path.join(kept, file));
  }
}
console.log(`${photos.length} seed photos ready in ${path.relative(process.cwd(), cache)} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
