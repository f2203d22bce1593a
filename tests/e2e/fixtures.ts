import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { baseURL as configuredBaseURL, e2eServer } from "../../playwright.config";

type Row = Record<string, unknown>;

/** Direct access to the server's database for fixtures (see server/e2e-fixtures.ts). */
export class TestDatabase {
  private cleanups: (() => Promise<unknown>)[] = [];
  constructor(private request: APIRequestContext) {}

  async query<T extends Row = Row>(text: string, params: unknown[] = []): Promise<T[]> {
    const response = await this.request.post("/__e2e/sql", {
      data: { text, params },
      headers: { "x-e2e-token": process.env.E2E_FIXTURE_TOKEN ?? "" },
    });
    const body = (await response.json()) as { rows?: T[]; error?: string };
    if (!response.ok()) throw new Error(`fixture query failed: ${body.error}\n${text}`);
    return body.rows ?? [];
  }

  /** Registers a clean-up step that runs after the test, last registered first. */
  onCleanup(step: () => Promise<unknown>) {
    this.cleanups.unshift(step);
  }

  async cleanup() {
    for (const step of this.cleanups) await step();
    this.cleanups = [];
  }
}

export const test = base.extend<{ db: TestDatabase }>({
  // Each worker has a server of its own (playwright.config.ts, ADR 036): its parallelIndex names it.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => {
    const own = e2eServer(testInfo.parallelIndex).baseURL;
    // Modules that import baseURL from the config (tests/e2e/raw-http.ts) must name the same server.
    if (configuredBaseURL !== own) throw new Error(`worker ${testInfo.parallelIndex}: the config says ${configuredBaseURL}, its server is ${own}`);
    await use(own);
  },
  db: async ({ request }, use) => {
    const db = new TestDatabase(request);
    await use(db);
    await db.cleanup();
  },
});

export { expect };

/**
 * Opens a page and waits until React has hydrated it (the root marks <html>):
 * public pages start their scripts by themselves after the first paint, in
 * idle time (ADR 078), and until then links and forms work as HTML.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  // Longer than expect's 5 s: on a loaded 2-core machine a page with many photos hydrates late.
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 15_000 });
  return response;
}
