/**
 * npm run media:migrate -- --to s3   (or --to local)
 *
 * Copies the media of this site from local disk (MEDIA_DIR, else
 * DATA_DIR/media) to the S3 bucket of the S3_* settings, or back, reading
 * each object back to check it (ADR 053), and the payment proofs
 * (DATA_DIR/private and the bucket's private/, ADR 114). Run it again until it reports no
 * failures, then set MEDIA_STORE=s3 and restart. Nothing is deleted.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { getEnv } from "~/server/env.server";
import { migrateMedia } from "~/server/media/media-migrate.server";
import { createS3Client, S3MediaStorage } from "~/server/media/s3-storage.server";
import { s3SettingsFrom } from "~/server/media/media-store.server";
import { LocalDiskStorage } from "~/server/media/storage.server";
import { localPrivateStore, PRIVATE_PREFIX } from "~/server/media/private-store.server";
import { S3PrivateStore } from "~/server/media/s3-private-store.server";

const { values } = parseArgs({ options: { to: { type: "string" }, quiet: { type: "boolean", default: false } } });
if (values.to !== "s3" && values.to !== "local") {
  process.stderr.write("Usage: npm run media:migrate -- --to s3   (or --to local to copy a bucket back to MEDIA_DIR)\n");
  process.exit(2);
}
if (fs.existsSync(".env")) process.loadEnvFile(".env");
const env = getEnv();
if (!env.S3_BUCKET) {
  process.stderr.write("S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as needed) must be set.\n");
  process.exit(2);
}
const settings = s3SettingsFrom(env);
const mediaDir = path.resolve(env.MEDIA_DIR ?? path.join(env.DATA_DIR, "media"));
const local = new LocalDiskStorage(mediaDir);
const bucket = new S3MediaStorage({ client: createS3Client(settings), bucket: settings.bucket });
const [from, to] = values.to === "s3" ? [local, bucket] : [bucket, local];
const where = `${settings.endpoint ?? "AWS S3"} bucket ${settings.bucket}`;
process.stdout.write(values.to === "s3" ? `Copying ${mediaDir} to ${where}\n` : `Copying ${where} to ${mediaDir}\n`);

const started = Date.now();
const log = values.quiet ? undefined : (line: string) => process.stdout.write(`  ${line}\n`);
const report = await migrateMedia(from, to, { log });
const seconds = ((Date.now() - started) / 1000).toFixed(1);
process.stdout.write(
  `\n${report.copied} copied (${(report.bytes / 1024 / 1024).toFixed(1)} MB), ${report.alreadyThere} already there, ${report.failed.length} failed, in ${seconds} s.\n`,
);
// Payment proofs (ADR 114) move with the media: DATA_DIR/private and the bucket's private/ (or S3_PRIVATE_BUCKET).
const localProofs = localPrivateStore(path.resolve(env.DATA_DIR, "private"));
const bucketProofs = new S3PrivateStore(bucket.client, env.S3_PRIVATE_BUCKET ?? settings.bucket, env.S3_PRIVATE_BUCKET ? "" : PRIVATE_PREFIX);
const [proofsFrom, proofsTo] = values.to === "s3" ? [localProofs, bucketProofs] : [bucketProofs, localProofs];
const proofs = await migrateMedia(proofsFrom, proofsTo, { log });
process.stdout.write(`Payment proofs (private): ${proofs.copied} copied, ${proofs.alreadyThere} already there, ${proofs.failed.length} failed.\n`);
report.failed.push(...proofs.failed);
if (report.failed.length > 0) {
  for (const { key, reason } of report.failed) process.stderr.write(`  ${key}: ${reason}\n`);
  process.stderr.write("Some files were not copied: run the command again before switching MEDIA_STORE.\n");
  process.exit(1);
}
process.stdout.write(
  values.to === "s3" ? "Every file is in the bucket and checked. Set MEDIA_STORE=s3 and restart.\n" : "Every file is on disk and checked.\n",
);
