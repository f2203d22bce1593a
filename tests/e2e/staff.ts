import crypto from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect, test as base } from "./fixtures";

/** The first admin of the e2e server (scripts/e2e-server.mjs, ADMIN_EMAIL's default). */
export const ADMIN = { email: "admin@pravas.travel", password: "e2e-admin-password" };

export type StaffCredentials = { email: string; password: string; name: string; role: "admin" | "editor" };

/** Staff accounts made for one test through better-auth's server API (server/e2e-fixtures.ts), removed after it. */
export class StaffAccounts {
  private created: string[] = [];
  constructor(private request: APIRequestContext) {}

  async create(role: "admin" | "editor", name = role === "admin" ? "Test Admin" : "Test Editor"): Promise<StaffCredentials> {
    const email = `${role}-${crypto.randomBytes(5).toString("hex")}@e2e.example`;
    const password = `pw-${crypto.randomBytes(8).toString("hex")}`;
    const response = await this.request.post("/__e2e/users", {
      data: { email, password, name, role },
      headers: { "x-e2e-token": process.env.E2E_FIXTURE_TOKEN ?? "" },
    });
    expect(response.ok(), await response.text()).toBe(true);
    this.created.push(email);
    return { email, password, name, role };
  }

  async cleanup() {
    for (const email of this.created) {
      await this.request.delete(`/__e2e/users/${encodeURIComponent(email)}`, {
        headers: { "x-e2e-token": process.env.E2E_FIXTURE_TOKEN ?? "" },
      });
    }
    this.created = [];
  }
}

export const test = base.extend<{ staff: StaffAccounts }>({
  staff: async ({ request }, use) => {
    const staff = new StaffAccounts(request);
    await use(staff);
    await staff.cleanup();
  },
});

export { expect };

/**
 * Signs a request context in by posting the sign-in form, as a browser without
 * JavaScript does; the context keeps the cookie (a page's `page.request` shares
 * it with the page).
 */
export async function signIn(request: APIRequestContext, who: { email: string; password: string }) {
  const response = await request.post("/admin", { form: { email: who.email, password: who.password }, maxRedirects: 0 });
  expect(response.status(), "sign-in should redirect").toBe(302);
  return response;
}
