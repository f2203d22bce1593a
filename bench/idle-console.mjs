// What the browser's console says on every public page in its first 20 s with
// nobody acting (issue 42: no warning or error). Each page opens in a fresh
// context at 390 px, cold cache, and nothing touches, scrolls or presses
// anything; console warnings and errors and uncaught page errors are listed.
// ADR 067's pages drew a "preloaded but not used" warning for every module.
//
//   node bench/idle-console.mjs                                    # ./build, every page of bench/lighthouse.mjs
//   node bench/idle-console.mjs --build before=.cache/build-before --build after=build
//   node bench/idle-console.mjs --only /,/gallery --seconds 20
//
// Pages run four at a time. Exits 1 when any page logged a warning or an error.
import { coldSlowPhone, launchBenchBrowser, PUBLIC_PAGES } from "./lib/browser.mjs";
import { buildsFromArgs, startBuildServers } from "./lib/server.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const pages = option("--only", PUBLIC_PAGES.join(",")).split(",");
const seconds = Number(option("--seconds", "20"));
const builds = buildsFromArgs(args);

async function watch(browser, baseUrl, pagePath) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const messages = [];
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") messages.push(`${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => messages.push(`page error: ${error.message}`));
    const cdp = await coldSlowPhone(context, page, { throttle: false });
    // Chromium's own reports (the preload warning among them) come through the Log domain.
    await cdp.send("Log.enable");
    cdp.on("Log.entryAdded", ({ entry }) => {
      if (entry.level === "warning" || entry.level === "error") messages.push(`${entry.level} (${entry.source}): ${entry.text}`);
    });
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: "load", timeout: 60_000 });
    await page.waitForTimeout(seconds * 1000);
    const hydrated = await page.locator("html[data-hydrated]").count();
    return { page: pagePath, hydrated: hydrated > 0, messages: [...new Set(messages)] };
  } finally {
    await context.close();
  }
}

const servers = await startBuildServers(builds, Number(process.env.BENCH_PORT ?? 3300));
const browser = await launchBenchBrowser();
let problems = 0;
try {
  for (const server of servers) {
    console.log(`\n${server.label} (${server.dir}): ${seconds} s on each page with nobody acting`);
    for (let at = 0; at < pages.length; at += 4) {
      const rows = await Promise.all(pages.slice(at, at + 4).map((pagePath) => watch(browser, server.baseUrl, pagePath)));
      for (const row of rows) {
        problems += row.messages.length;
        console.log(
          `  ${row.page.padEnd(28)} ${row.messages.length === 0 ? "clean" : `${row.messages.length} message(s)`}${row.hydrated ? "" : " (not hydrated)"}`,
        );
        for (const message of row.messages) console.log(`      ${message.slice(0, 240)}`);
      }
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.stop()));
}
process.exit(problems > 0 ? 1 : 0);
