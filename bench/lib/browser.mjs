// What the browser benches share: the public pages, Debian's Chromium as they
// launch it, and Lighthouse's slow phone (slow 4G, 4× CPU) on a cold cache.
import { chromium } from "@playwright/test";

/** Every public page the benches visit (bench/lighthouse.mjs, bench/idle-console.mjs). */
export const PUBLIC_PAGES = [
  "/",
  "/packages",
  "/packages/dubai",
  "/packages/bali",
  "/packages/vietnam",
  "/packages/sri-lanka",
  "/packages/golden-triangle",
  "/packages/hampi",
  "/packages/bangalore-mysore",
  "/gallery",
  "/blogs",
  "/blogs/1",
  "/contact",
  "/legal/privacy-policy",
];

/** Lighthouse's mobile "slow 4G" (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up). */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
/** Lighthouse's mobile CPU slowdown. */
export const CPU_SLOWDOWN = 4;

export function launchBenchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
}

/** A CDP session on `page` with the cache off and, unless `throttle` is false, the slow phone's network and CPU. */
export async function coldSlowPhone(context, page, { throttle = true } = {}) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (throttle) {
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  }
  return cdp;
}
