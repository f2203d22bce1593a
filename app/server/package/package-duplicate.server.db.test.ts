import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listActivity } from "~/server/activity/activity.server";
import { getAuth, resetAuthForTests } from "~/server/auth/auth.server";
import type { Viewer } from "~/server/auth/guard.server";
import { readContentVersion } from "~/server/cache/content-version.server";
import type { Db } from "~/server/db/db.server";
import { media, packages } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { duplicatePackage } from "./package-duplicate.server";
import { isFeatured, updatePackage } from "./package-mutations.server";
import { getPackageInput } from "./package-input.server";

let db: Db;
let viewer: Viewer;
const ctx = () => ({ viewer, ip: "10.0.0.7" });

beforeAll(async () => {
  resetAuthForTests();
  db = await openTestDatabase({ seeded: true });
  const { user } = await getAuth().api.createUser({
    body: { email: "dora@example.com", password: "dora-password-12", name: "Dora", role: "editor" },
  });
  viewer = { id: user.id, email: user.email, name: user.name, role: "editor" };
});
afterAll(async () => {
  resetAuthForTests();
  await closeTestDatabase();
});

async function bali() {
  const [row] = await db.select().from(packages).where(eq(packages.slug, "bali"));
  return row!;
}

describe("duplicatePackage", () => {
  it("makes a draft copy, “(copy)” in its title, a new address, off the carousel, through writeContent", async () => {
    const original = await bali();
    const version = await readContentVersion(db);
    const first = await duplicatePackage(original.id, ctx());
    expect(first?.ok).toBe(true);
    if (!first?.ok) return;
    expect(first.row).toMatchObject({ title: "Bali Group Tour (copy)", slug: "bali-group-tour-copy", status: "draft" });
    expect(first.row.id).not.toBe(original.id);
    expect(first.row.itinerary).toEqual(original.itinerary);
    expect(first.row.price).toEqual(original.price);
    expect(first.row.gallery).toEqual(original.gallery);
    expect(await isFeatured(db, first.row.id)).toBe(false);
    // A write like any other: logged, and the content version moved on.
    const [entry] = await listActivity({ kind: "package.created" });
    expect(entry).toMatchObject({ userId: viewer.id, subjectLabel: "Bali Group Tour (copy)" });
    expect(await readContentVersion(db)).toBeGreaterThan(version);

    // A second copy gets an address of its own.
    const second = await duplicatePackage(original.id, ctx());
    expect(second?.ok && second.row.slug).toBe("bali-group-tour-copy-2");
    // The original is untouched.
    expect(await bali()).toEqual(original);
  });

  it("keeps a long title within the limit, and answers null for a package that is not there", async () => {
    const original = await bali();
    const long = "A".repeat(200);
    const stored = await getPackageInput(original.id);
    const renamed = await updatePackage(original.id, { ...stored!.input, title: long, slug: "bali" }, ctx());
    expect(renamed?.ok).toBe(true);
    const copy = await duplicatePackage(original.id, ctx());
    expect(copy?.ok && copy.row.title).toBe(`${"A".repeat(193)} (copy)`);
    expect(await duplicatePackage(999_999, ctx())).toBeNull();
  });
});

describe("alt texts saved with a package", () => {
  it("change the media rows of the package's own images, in the same write, and nothing else", async () => {
    const original = await bali();
    const stored = await getPackageInput(original.id);
    const [other] = await db.select().from(media).where(eq(media.key, "taj-mahal"));
    expect(original.gallery).not.toContain("taj-mahal");
    const result = await updatePackage(original.id, stored!.input, ctx(), {
      imageAlts: [
        { key: original.thumbnail, alt: "A frangipani flower on a leaf" },
        { key: "taj-mahal", alt: "Not this package's photo" },
      ],
    });
    expect(result?.ok).toBe(true);
    const [thumbnail] = await db.select().from(media).where(eq(media.key, original.thumbnail));
    expect(thumbnail!.alt).toBe("A frangipani flower on a leaf");
    const [untouched] = await db.select().from(media).where(eq(media.key, "taj-mahal"));
    expect(untouched!.alt).toBe(other!.alt);
  });
});
