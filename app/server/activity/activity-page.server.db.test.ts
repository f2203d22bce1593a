import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuth, resetAuthForTests } from "~/server/auth/auth.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { recordActivity } from "./activity.server";
import { ACTIVITY_PAGE_SIZE, loadActivityPage } from "./activity-page.server";

let userId: string;
const url = (query: string) => new URL(`http://localhost/admin/activity${query}`);

beforeAll(async () => {
  resetAuthForTests();
  await openTestDatabase();
  const { user } = await getAuth().api.createUser({
    body: { email: "pager@example.com", password: "pager-password-1", name: "Pia Pager", role: "admin" },
  });
  userId = user.id;
  const actor = { id: userId, email: user.email, name: user.name };
  for (let i = 0; i < ACTIVITY_PAGE_SIZE + 5; i++) {
    await recordActivity({ kind: "auth.sign-in", actor, ip: "10.0.0.1" });
  }
  await recordActivity({ kind: "user.deactivated", actor, subject: { type: "user", id: "x", label: "gone@example.com" }, ip: "10.0.0.2" });
  await recordActivity({ kind: "auth.sign-in-failed", actor: { email: "stranger@example.com" }, ip: "10.0.0.3" });
});
afterAll(async () => {
  resetAuthForTests();
  await closeTestDatabase();
});

describe("the activity page", () => {
  it("shows the latest entries first, 50 a page", async () => {
    const first = await loadActivityPage(url(""));
    expect(first).toMatchObject({ page: 1, pages: 2, total: ACTIVITY_PAGE_SIZE + 7 });
    expect(first.entries).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.entries[0]).toMatchObject({ kind: "auth.sign-in-failed", who: "stranger@example.com", ip: "10.0.0.3" });
    expect(first.entries[1]).toMatchObject({ kind: "user.deactivated", who: "Pia Pager", subject: "gone@example.com" });
    const second = await loadActivityPage(url("?page=2"));
    expect(second.entries).toHaveLength(7);
    // Out of range pages land on the nearest one.
    expect((await loadActivityPage(url("?page=99"))).page).toBe(2);
    expect((await loadActivityPage(url("?page=abc"))).page).toBe(1);
  });

  it("filters by user and by kind from the URL, ignoring unknown values", async () => {
    const byKind = await loadActivityPage(url("?kind=user.deactivated"));
    expect(byKind.total).toBe(1);
    expect(byKind.filter).toEqual({ user: "", kind: "user.deactivated" });
    const byUser = await loadActivityPage(url(`?user=${userId}&kind=auth.sign-in`));
    expect(byUser.total).toBe(ACTIVITY_PAGE_SIZE + 5);
    const unknown = await loadActivityPage(url("?user=nobody&kind=made.up"));
    expect(unknown.filter).toEqual({ user: "", kind: "" });
    expect(unknown.total).toBe(ACTIVITY_PAGE_SIZE + 7);
    expect(unknown.users.map((user) => user.email)).toEqual(["pager@example.com"]);
  });
});
