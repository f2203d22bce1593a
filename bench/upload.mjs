// Upload benchmark (issue 11): a 5 MB and a 20 MB photo sent through tus
// (tus-js-client, 256 KiB chunks) to the production build, timed from the
// first byte to the processed variants, with the server's peak RSS.
// Goal: at most 3 s for 5 MB; RSS growth at most 300 MB. 127.0.0.1 only.
//
//   npm run build && node bench/upload.mjs      (BENCH_PORT, default 3171)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { Upload } from "tus-js-client";
import { startBenchServer } from "./lib/server.mjs";

const PHOTO = "/work/shared/photos/33-forest-stream-cascades.jpg";
const ADMIN = { email: "admin@pravas.travel", password: "bench-admin-password" };
const server = await startBenchServer(3171, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
if (!server.pid) throw new Error("the upload bench needs its own server (no BENCH_URL): it reads the server's memory");
const rssKiB = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${server.pid}/status`, "utf8"))[1]);

/** A JPEG of about `megabytes`: the photo upscaled until its file is that large. */
async function photoOf(megabytes) {
  const target = megabytes * 1024 * 1024;
  const source = sharp(PHOTO);
  const { width } = await source.metadata();
  let scale = 1;
  for (;;) {
    // Quality 100, 4:4:4 and sharpening keep many bytes per pixel: a camera-like file, not a giant canvas.
    const buffer = await sharp(PHOTO)
      .resize({ width: Math.round(width * scale) })
      .sharpen({ sigma: 2 })
      // A different description each run: variant names hash the bytes, and files
      // already made by an earlier run would be reused instead of encoded.
      .withExif({ IFD0: { ImageDescription: `bench ${Date.now()} ${Math.random()}` } })
      .jpeg({ quality: 100, chromaSubsampling: "4:4:4" })
      .toBuffer();
    if (buffer.length >= target * 0.97) return buffer;
    scale *= Math.sqrt(target / buffer.length) * 1.02;
  }
}

async function signIn() {
  const body = new URLSearchParams(ADMIN);
  const response = await fetch(`${server.baseUrl}/admin`, { method: "POST", body, redirect: "manual" });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
  if (!cookie.includes("pravas_session")) throw new Error(`sign-in failed: ${response.status}`);
  return cookie;
}

function upload(buffer, name, cookie) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const tus = new Upload(buffer, {
      endpoint: `${server.baseUrl}/api/uploads`,
      chunkSize: 256 * 1024,
      retryDelays: [0, 1000],
      headers: { cookie },
      metadata: { filename: name, filetype: "image/jpeg", kind: "image" },
      onError: reject,
      onSuccess: ({ lastResponse }) => {
        const result = JSON.parse(lastResponse.getBody());
        resolve({ seconds: Number(((performance.now() - started) / 1000).toFixed(2)), variants: result.variants.length, width: result.width });
      },
    });
    tus.start();
  });
}

const rounds = [];
try {
  const cookie = await signIn();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pravas-upload-bench-"));
  for (const megabytes of [5, 20]) {
    const photo = await photoOf(megabytes);
    fs.writeFileSync(path.join(tmp, `${megabytes}mb.jpg`), photo);
    const { width, height } = await sharp(photo).metadata();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baselineKiB = rssKiB("VmRSS");
    fs.writeFileSync(`/proc/${server.pid}/clear_refs`, "5"); // resets the peak (VmHWM) to now
    const result = await upload(photo, `bench-${megabytes}mb.jpg`, cookie);
    const peakKiB = rssKiB("VmHWM");
    rounds.push({
      photo: `${(photo.length / 1024 / 1024).toFixed(1)} MB, ${width}x${height}`,
      secondsToVariants: result.seconds,
      variants: result.variants,
      baselineRssMB: Math.round(baselineKiB / 1024),
      peakRssMB: Math.round(peakKiB / 1024),
      rssGrowthMB: Math.round((peakKiB - baselineKiB) / 1024),
    });
  }
  fs.rmSync(tmp, { recursive: true, force: true });
} finally {
  await server.stop();
}
console.table(rounds);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync("bench/results/upload.json", `${JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, rounds }, null, 2)}\n`);
const five = rounds[0];
const ok = five.secondsToVariants <= 3 && rounds.every((round) => round.rssGrowthMB <= 300);
console.log(ok ? "upload bench: within the goals" : "upload bench: OVER a goal (5 MB in <= 3 s, RSS growth <= 300 MB)");
