import { spawnSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import type { BrochureContent } from "./brochure-content.server";
import { MAX_BROCHURE_PAGES, renderBrochurePdf } from "./brochure-pdf.server";
import { BrochureRenderThread } from "./brochure-render-thread.server";
import { sampleBrochure } from "./brochure.server";

// Issue 44 finding 10: a package at every field's maximum (a title of 200
// characters, an overview of 20,000, 60 days of 5,000, 50 items in each list
// of 500, 20 price options of 30 hotels, 50 departures, 30 clauses of 2,000)
// made a 216-page brochure whose render held the server's only thread for 3 s.
// Now each part has its pages, and the layout runs on a thread of its own.

const words = (count: number, seed: string) => Array.from({ length: count }, (_, i) => `${seed}${i % 10} temple`).join(" ");
const sized = (length: number, seed: string) => words(Math.ceil(length / 12), seed).slice(0, length);

function maximalBrochure(): BrochureContent {
  const sample = sampleBrochure();
  const hotels = Array.from({ length: 30 }, (_, i) => ({
    destination: sized(120, `n${i}`),
    nights: 60,
    hotel: sized(200, `s${i}`),
    roomType: sized(120, `r${i}`),
    mealPlan: sized(120, `m${i}`),
  }));
  return {
    ...sample,
    title: sized(200, "T"),
    paragraphs: [sized(20_000, "p")],
    highlights: Array.from({ length: 50 }, (_, i) => sized(500, `h${i}`)),
    included: Array.from({ length: 50 }, (_, i) => sized(500, `i${i}`)),
    excluded: Array.from({ length: 50 }, (_, i) => sized(500, `e${i}`)),
    priceOptions: Array.from({ length: 20 }, (_, i) => ({ ...sample.priceOptions[0]!, label: sized(120, `o${i}`), hotels })),
    days: Array.from({ length: 60 }, (_, i) => ({ label: `Day ${i + 1}`, title: sized(200, `t${i}`), description: sized(5000, `d${i}`), photo: null })),
    departures: Array.from({ length: 50 }, (_, i) => ({ name: sized(120, `b${i}`), dates: "12 Dec 2026 – 18 Dec 2026" })),
    refundRule: { title: "Cancellation and refunds", text: sized(2000, "f") },
    terms: Array.from({ length: 30 }, (_, i) => ({ title: sized(120, `c${i}`), text: sized(2000, `x${i}`) })),
  };
}

/** The maximal brochure rendered on this thread, once for the file: the first test reads it, the second compares the thread's render with it. */
let maximalPdf: Promise<Buffer> | undefined;
const maximalPdfHere = () => (maximalPdf ??= renderBrochurePdf(maximalBrochure(), { cover: null, days: [] }));

describe("renderBrochurePdf at every field's maximum", () => {
  it(`stays within ${MAX_BROCHURE_PAGES} pages, points to the package page for the rest, and keeps the contacts and terms`, { timeout: 60_000 }, async () => {
    const pdf = await maximalPdfHere();
    const info = spawnSync("pdfinfo", ["-"], { input: pdf }).stdout.toString();
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    expect(pages).toBeGreaterThan(20);
    expect(pages).toBeLessThanOrEqual(MAX_BROCHURE_PAGES);
    const text = spawnSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf }).stdout.toString("utf8").replace(/\s+/g, " ");
    // Every part cut short says where the rest is.
    for (const part of [
      "The whole overview",
      "The full list",
      "Every price option",
      "The day-by-day from day",
      "Every departure",
      "The full terms and conditions",
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toMatch(/is on the package page: https:\/\/example\.com/);
    expect(text).toContain("Book or ask us anything");
    expect(text).toContain("Terms and conditions");
    expect(text).toContain(`of ${pages}`);
  });

  const thread = new BrochureRenderThread();
  afterAll(() => thread.close());

  it("is laid out on its own thread: the same file, and the server's event loop never waits for it", { timeout: 60_000 }, async () => {
    const content = maximalBrochure();
    // The thread started and warm, as the server's warm-up leaves it.
    await thread.render(sampleBrochure(), { cover: null, days: [] });
    let longest = 0;
    const started = performance.now();
    let last = started;
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    let pdf: Buffer;
    try {
      pdf = await thread.render(content, { cover: null, days: [] });
    } finally {
      clearInterval(ticker);
    }
    // The pause up to the end counts too (a render in one block leaves no tick at all).
    const total = performance.now() - started;
    longest = Math.max(longest, performance.now() - last);
    // Before (layout on the event loop, yielding between items): the longest pause was pdfkit writing the file, 1.3 s on the shared
    // machine. On the thread it is a few ms; 100 ms, or a tenth of the render on a machine slowed several-fold, is the bound.
    expect(longest, `longest pause ${longest.toFixed(0)} ms of ${total.toFixed(0)} ms`).toBeLessThan(Math.max(100, total / 10));
    // The same file as a render here: its size and every word, page by page.
    const here = await maximalPdfHere();
    const pages = (bytes: Buffer) => spawnSync("pdftotext", ["-layout", "-enc", "UTF-8", "-", "-"], { input: bytes }).stdout.toString("utf8");
    expect(pdf.length).toBe(here.length);
    expect(pages(pdf)).toBe(pages(here));
  });

  it("fails a render the thread cannot do, and renders again after", { timeout: 60_000 }, async () => {
    await expect(thread.render({} as BrochureContent, { cover: null, days: [] })).rejects.toThrow(/brochure render failed on its thread/);
    const pdf = await thread.render(sampleBrochure(), { cover: null, days: [] });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});
