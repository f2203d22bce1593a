import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuth, resetAuthForTests } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/db.server";
import { users } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { countActivity, isActivityKind, listActivity, recordActivity } from "./activity.server";

let userId: string;

beforeAll(async () => {
  resetAuthForTests();
  await openTestDatabase();
  const { user } = await getAuth().api.createUser({
    body: { email: "ada@example.com", password: "ada-password-1", name: "Ada", role: "admin" },
  });
  userId = user.id;
  const actor = { id: userId, email: "ada@example.com", name: "Ada" };
  await recordActivity({ kind: "auth.sign-in", actor, ip: "10.1.1.1" });
  await recordActivity({ kind: "auth.sign-in-failed", actor: { email: "mallory@example.com" }, ip: "6.6.6.6", detail: { reason: "wrong e-mail or password" } });
  await recordActivity({
    kind: "user.role-changed",
    actor,
    subject: { type: "user", id: "u2", label: "eddie@example.com" },
    detail: { from: "editor", to: "admin" },
  });
});
afterAll(async () => {
  resetAuthForTests();
  await closeTestDatabase();
});

describe("activity log", () => {
  it("lists the latest entries first, with who, what, which item and where", async () => {
    const entries = await listActivity();
    expect(entries.map((entry) => entry.kind)).toEqual(["user.role-changed", "auth.sign-in-failed", "auth.sign-in"]);
    expect(entries[0]).toMatchObject({
      userId,
      actorEmail: "ada@example.com",
      subjectType: "user",
      subjectId: "u2",
      subjectLabel: "eddie@example.com",
      detail: { from: "editor", to: "admin" },
    });
    expect(entries[0]!.at).toBeInstanceOf(Date);
    expect(entries[1]).toMatchObject({ userId: null, actorEmail: "mallory@example.com", ip: "6.6.6.6" });
  });

  it("filters by user and by kind, and pages", async () => {
    expect((await listActivity({ userId })).map((entry) => entry.kind)).toEqual(["user.role-changed", "auth.sign-in"]);
    expect((await listActivity({ kind: "auth.sign-in-failed" })).map((entry) => entry.actorEmail)).toEqual(["mallory@example.com"]);
    expect((await listActivity({ limit: 1, offset: 1 })).map((entry) => entry.kind)).toEqual(["auth.sign-in-failed"]);
    expect(await countActivity()).toBe(3);
    expect(await countActivity({ userId, kind: "auth.sign-in" })).toBe(1);
  });

  it("keeps entries, with the e-mail snapshot, when the user is deleted", async () => {
    await getDb().delete(users).where(eq(users.id, userId));
    const entries = await listActivity({ kind: "auth.sign-in" });
    expect(entries[0]).toMatchObject({ userId: null, actorEmail: "ada@example.com" });
  });

  it("knows its kinds", () => {
    expect(isActivityKind("auth.sign-out")).toBe(true);
    expect(isActivityKind("auth.nonsense")).toBe(false);
  });
});
