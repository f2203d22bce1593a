// Makes the seed photos' image files once, in the cache that the test
// databases (app/server/db/test-db.server.ts) and every e2e server
// (scripts/e2e-server.mjs) seed from, so none of them makes its own (ADR 036).
//
//   npx tsx scripts/process-seed-photos.ts
import path from "node:path";
import { photos } from "~/server/seed/data/photos";
import { processSeedPhoto } from "~/server/seed/seed.server";

const cache = path.resolve(".cache/media");
const started = performance.now();
for (const photo of photos) await processSeedPhoto(photo, cache);
console.log(`${photos.length} seed photos ready in ${path.relative(process.cwd(), cache)} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
