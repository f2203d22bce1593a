import { AxeBuilder as PlaywrightAxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import axeCore from "axe-core";

/**
 * @axe-core/playwright's builder, run the cheaper way (issue 24 §6, ADR 049):
 * - legacy mode: one axe.run in the page, instead of runPartial there and
 *   finishRun in a new blank tab that axe is injected into again. The two differ
 *   only for cross-origin iframes, and the app has no iframes;
 * - only violations carry every node: the tests assert violations alone, and
 *   the passes (1,755 nodes on the package editor) were serialised for nothing.
 * - axe-core's source (about 550 KB) goes into a document once: the builder
 *   evaluates the source it is given twice per scan (once itself, once per frame
 *   in legacy mode), so it is given an empty one, and `injectAxeOnce` puts the
 *   real source (axe-core's own `axe.source`) into each frame that lacks it.
 * Every rule still runs on every node: the same violations are found. Measured
 * on the package editor (1,289 elements, load average 11): 10.9–11.9 s a run
 * before, 6.9 s after.
 */
export class AxeBuilder extends PlaywrightAxeBuilder {
  constructor({ page }: { page: Page }) {
    super({ page, axeSource: ";" });
    this.setLegacyMode(true).options({ resultTypes: ["violations"] });
  }
}

/** Puts axe-core into every frame of the page that does not have it yet (a navigation empties a frame). */
async function injectAxeOnce(page: Page) {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => typeof (window as { axe?: unknown }).axe === "object"))) await frame.evaluate(axeCore.source);
  }
}

/** The screens (path and width) a page has had its whole-page scan on. */
const scannedWhole = new WeakMap<Page, Set<string>>();

/**
 * Asserts that axe finds no violation (ADR 084). A screen (a path, at a width)
 * gets one whole-page scan, in the spec that owns it; every later state of it
 * (a section opened, a menu, a dialog, a notice, a row added) is scanned where it
 * changed: `within` is a CSS selector (or several) for that part, e.g.
 * `"dialog[open]"`, `"[role=menu]"`, `"#admin-main"`. A second whole-page scan of the
 * same screen in one test is refused: scope it.
 */
export async function expectNoAxeViolations(page: Page, { within, what }: { within?: string | string[]; what?: string } = {}) {
  const builder = new AxeBuilder({ page });
  const scopes = within === undefined ? [] : [within].flat();
  for (const selector of scopes) builder.include(selector);
  if (scopes.length === 0) {
    const screen = `${new URL(page.url()).pathname} at ${page.viewportSize()?.width ?? "?"} px`;
    const seen = scannedWhole.get(page) ?? new Set<string>();
    if (seen.has(screen)) throw new Error(`${screen} had its whole-page axe scan in this test already: pass { within } for the part that changed`);
    seen.add(screen);
    scannedWhole.set(page, seen);
  }
  await injectAxeOnce(page);
  const { violations } = await builder.analyze();
  const label = what ?? (scopes.length ? `${page.url()} within ${scopes.join(", ")}` : page.url());
  expect(violations, `${label}: ${violations.map((violation) => `${violation.id} ${violation.nodes[0]?.target}`).join(", ")}`).toEqual([]);
}
