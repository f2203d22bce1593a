import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listActivity } from "~/server/activity/activity.server";
import { getAuth, resetAuthForTests } from "~/server/auth/auth.server";
import type { Viewer } from "~/server/auth/guard.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { listFeaturedPackages, moveFeaturedPackage } from "./featured-order.server";
import { listTopDestinations } from "./package-queries.server";

let viewer: Viewer;
const ctx = () => ({ viewer, ip: "10.0.0.9" });

beforeAll(async () => {
  resetAuthForTests();
  await openTestDatabase({ seeded: true });
  const { user } = await getAuth().api.createUser({
    body: { email: "olga@example.com", password: "olga-password-1", name: "Olga", role: "editor" },
  });
  viewer = { id: user.id, email: user.email, name: user.name, role: "editor" };
});
afterAll(async () => {
  resetAuthForTests();
  await closeTestDatabase();
});

describe("the home carousel's order", () => {
  it("moves a package one place, numbers the order 1..n, and the carousel follows at the next read", async () => {
    const before = await listFeaturedPackages();
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.map((item) => item.position)).toEqual(before.map((_, index) => index + 1));
    const [first, second, third] = before;

    expect(await moveFeaturedPackage(third!.id, "up", ctx())).toEqual({ title: third!.title, position: 2 });
    const after = await listFeaturedPackages();
    expect(after.slice(0, 3).map((item) => item.id)).toEqual([first!.id, third!.id, second!.id]);
    expect((await listTopDestinations()).slice(0, 3).map((row) => row.id)).toEqual([first!.id, third!.id, second!.id]);

    const logged = await listActivity({ limit: 5 });
    expect(logged[0]).toMatchObject({ kind: "package.updated", subjectId: String(third!.id), detail: { featuredPosition: 2 } });
  });

  it("stays put at the ends, and answers null for a package that is not featured", async () => {
    const order = await listFeaturedPackages();
    const top = order[0]!;
    const bottom = order.at(-1)!;
    expect(await moveFeaturedPackage(top.id, "up", ctx())).toEqual({ title: top.title, position: 1 });
    expect(await moveFeaturedPackage(bottom.id, "down", ctx())).toEqual({ title: bottom.title, position: order.length });
    expect((await listFeaturedPackages()).map((item) => item.id)).toEqual(order.map((item) => item.id));
    expect(await moveFeaturedPackage(999_999, "up", ctx())).toBeNull();
  });
});
