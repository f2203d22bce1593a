import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

export type Row = Record<string, unknown>;

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
  db: async ({ request }, use) => {
    const db = new TestDatabase(request);
    await use(db);
    await db.cleanup();
  },
});

export { expect };

/**
 * Opens a page and waits until React has hydrated it (the root marks <html>):
 * scripts load only after the page has loaded and painted, and until then
 * links and forms work as plain HTML.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  return response;
}
