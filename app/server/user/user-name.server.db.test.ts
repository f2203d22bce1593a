import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listActivity } from "~/server/activity/activity.server";
import { GIVE_NAME_FIRST, getViewer, requireUser, type Viewer } from "~/server/auth/guard.server";
import { resetAuthForTests } from "~/server/auth/auth.server";
import type { Db } from "~/server/db/db.server";
import * as t from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { signInStaff } from "../../../tests/support/staff-sign-in";
import { renameStaff } from "./user-name.server";
import { ownNameSchema, renameUserSchema } from "./user-schemas.server";

let db: Db;
let admin: Viewer;
let adminCookie: string;
const viewerOf = async (cookie: string) => (await getViewer(new Request("http://localhost:3000/admin", { headers: { cookie } })))!;

beforeAll(async () => {
  resetAuthForTests();
  // The seed's first admin, made without ADMIN_NAME: admin@example.com, test-password-123.
  db = await openTestDatabase({ seeded: true });
  adminCookie = (await signInStaff("admin@example.com", "test-password-123")).cookie;
  admin = await viewerOf(adminCookie);
});
afterAll(async () => {
  resetAuthForTests();
  await closeTestDatabase();
});

describe("names (issue 49: replies said “this is Administrator from Pravas”)", () => {
  it("the first admin made without a name is “Administrator”, to be asked for theirs", () => {
    expect(admin).toMatchObject({ name: "Administrator", mustSetName: true, pending: "set-name" });
  });

  it("until then the guard lets them reach their account page only: pages go to “Your name”, the API says why (ADR 087's pending requirements)", async () => {
    const refusal = async (path: string, method = "GET") => {
      try {
        await requireUser(new Request(`http://localhost:3000${path}`, { method, headers: { cookie: adminCookie } }), { role: "admin" });
        return "passed";
      } catch (thrown) {
        const response = thrown as Response;
        return response.status === 303 ? `redirect ${response.headers.get("location")}` : `${response.status} ${JSON.stringify(await response.json())}`;
      }
    };
    expect(await refusal("/admin/dashboard")).toBe("redirect /admin/account#your-name");
    expect(await refusal("/api/blogs", "POST")).toBe(`403 ${JSON.stringify({ error: GIVE_NAME_FIRST })}`);
    await expect(requireUser(new Request("http://localhost:3000/admin/account", { headers: { cookie: adminCookie } }))).resolves.toMatchObject({
      pending: "set-name",
    });
  });

  it("a person gives their own name: the session shows it at once, the flag is gone, the log says from and to", async () => {
    const input = ownNameSchema.parse({ name: "  Asha   Rao " });
    expect(input.name).toBe("Asha Rao");
    expect(await renameStaff(admin.id, input.name, { actor: admin, ip: "10.0.0.9" })).toEqual({ ok: true, value: { from: "Administrator", to: "Asha Rao" } });
    const { cookie } = await signInStaff("admin@example.com", "test-password-123");
    expect(await viewerOf(cookie)).toMatchObject({ name: "Asha Rao", mustSetName: false, pending: null });
    const [entry] = await listActivity({ kind: "user.renamed" });
    expect(entry).toMatchObject({ actorName: "Asha Rao", subjectLabel: "admin@example.com", ip: "10.0.0.9" });
    expect(entry!.detail).toEqual({ changes: [{ label: "name", from: "Administrator", to: "Asha Rao" }] });
  });

  it("an admin changes someone else's; a name is required, one line, at most 100 characters", async () => {
    const [editor] = await db.insert(t.users).values({ id: "editor-1", name: "ravi", email: "ravi@example.com", role: "editor" }).returning();
    const renamed = await renameStaff(editor!.id, renameUserSchema.parse({ userId: editor!.id, name: "Ravi Kumar" }).name, { actor: admin });
    expect(renamed).toEqual({ ok: true, value: { from: "ravi", to: "Ravi Kumar" } });
    const [row] = await db.select().from(t.users).where(eq(t.users.id, editor!.id));
    expect(row!.name).toBe("Ravi Kumar");
    expect(renameUserSchema.safeParse({ userId: editor!.id, name: "   " }).success).toBe(false);
    expect(renameUserSchema.safeParse({ userId: editor!.id, name: "x".repeat(101) }).success).toBe(false);
    expect(ownNameSchema.parse({ name: "Ravi\nKumar" }).name).toBe("Ravi Kumar");
    expect(await renameStaff("nobody", "Nobody", { actor: admin })).toEqual({ ok: false, message: "That user no longer exists." });
  });
});
