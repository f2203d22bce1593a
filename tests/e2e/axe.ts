import { AxeBuilder as PlaywrightAxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * @axe-core/playwright's builder, run the cheaper way (issue 24 §6, ADR 049):
 * - legacy mode: one axe.run in the page, instead of runPartial there and
 *   finishRun in a new blank tab that axe is injected into again. The two differ
 *   only for cross-origin iframes, and the app has no iframes;
 * - only violations carry every node: the tests assert violations alone, and
 *   the passes (1,755 nodes on the package editor) were serialised for nothing.
 * Every rule still runs on every node: the same violations are found. Measured
 * on the package editor (1,289 elements, load average 11): 10.9–11.9 s a run
 * before, 6.9 s after.
 */
export class AxeBuilder extends PlaywrightAxeBuilder {
  constructor({ page }: { page: Page }) {
    super({ page });
    this.setLegacyMode(true).options({ resultTypes: ["violations"] });
  }
}
