import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listActivity } from "~/server/activity/activity.server";
import { getAuth, resetAuthForTests } from "~/server/auth/auth.server";
import type { Viewer } from "~/server/auth/guard.server";
import type { Db } from "~/server/db/db.server";
import { media, packages, topDestinations } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { findRedirect } from "~/server/redirect/redirects.server";
import { BROCHURE_URL_MESSAGE } from "~/lib/package-schema";
import { createPackage, deletePackage, isFeatured, SLUG_TAKEN_MESSAGE, UNKNOWN_BROCHURE_MESSAGE, updatePackage } from "./package-mutations.server";
import { parsePackageBody, rowToInput } from "./package-input.server";
import { getPackage, listPackages, listTopDestinations } from "./package-queries.server";

let db: Db;
let viewer: Viewer;
const ctx = () => ({ viewer, ip: "10.0.0.9" });

beforeAll(async () => {
  resetAuthForTests();
  db = await openTestDatabase({ seeded: true });
  const { user } = await getAuth().api.createUser({
    body: { email: "eddie@example.com", password: "eddie-password-1", name: "Eddie", role: "editor" },
  });
  viewer = { id: user.id, email: user.email, name: user.name, role: "editor" };
});
afterAll(async () => {
  resetAuthForTests();
  await closeTestDatabase();
});

const publishable = {
  title: "Kerala Backwaters",
  country: "India",
  region: "national",
  days: 5,
  nights: 4,
  description: "Houseboats and tea hills.",
  price: { kind: "single", amount: 32000 },
  thumbnail: "taj-mahal",
  status: "published",
};

describe("package mutations", () => {
  it("create a draft from a title alone: hidden from visitors, logged once", async () => {
    const result = await createPackage({ title: "Secret Trip" }, ctx());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.row).toMatchObject({ slug: "secret-trip", status: "draft", priceFrom: 0 });
    expect(await getPackage("secret-trip")).toBeNull();
    expect((await getPackage("secret-trip", { includeDrafts: true }))?.id).toBe(result.row.id);
    const [entry] = await listActivity({ kind: "package.created" });
    expect(entry).toMatchObject({ userId: viewer.id, subjectLabel: "Secret Trip", ip: "10.0.0.9" });
  });

  it("link only a brochure uploaded here (or one the site ships): never another address", async () => {
    for (const url of [
      "https://evil.example/x.exe",
      "//evil.example/x.pdf",
      "data:application/pdf;base64,JVBERi0=",
      "javascript:alert(1)",
      "/media/../admin.pdf",
      "/media/brochures/x.exe",
    ]) {
      const result = await createPackage({ title: `Brochure ${url}`, brochureUrl: url }, ctx());
      expect(result, url).toEqual({ ok: false, fields: { brochureUrl: BROCHURE_URL_MESSAGE } });
    }
    const missing = await createPackage({ title: "Brochure missing", brochureUrl: "/media/brochures/never-uploaded-1a2b3c4d5e.pdf" }, ctx());
    expect(missing).toEqual({ ok: false, fields: { brochureUrl: UNKNOWN_BROCHURE_MESSAGE } });

    await db.insert(media).values({
      key: "upload-brochure-test",
      kind: "brochure",
      url: "/media/brochures/kerala-1a2b3c4d5e.pdf",
      originalName: "Kerala.pdf",
      bytes: 1000,
      width: 0,
      height: 0,
      placeholder: "",
      variants: [],
    });
    const uploaded = await createPackage({ title: "Brochure uploaded", brochureUrl: "/media/brochures/kerala-1a2b3c4d5e.pdf" }, ctx());
    expect(uploaded).toMatchObject({ ok: true, row: { brochureUrl: "/media/brochures/kerala-1a2b3c4d5e.pdf" } });
    const shipped = await createPackage({ title: "Brochure shipped", brochureUrl: "/brochures/bali.pdf" }, ctx());
    expect(shipped).toMatchObject({ ok: true, row: { brochureUrl: "/brochures/bali.pdf" } });
  });

  it("derive a free slug, refuse a typed one that is taken, and name the field", async () => {
    const again = await createPackage({ title: "Secret Trip" }, ctx());
    expect(again.ok && again.row.slug).toBe("secret-trip-2");
    expect(await createPackage({ title: "Other", slug: "bali" }, ctx())).toEqual({ ok: false, fields: { slug: SLUG_TAKEN_MESSAGE } });
    // A refused write leaves nothing behind, not even its activity entry.
    expect((await listActivity({ kind: "package.created" })).map((entry) => entry.subjectLabel)).not.toContain("Other");
    const refused = await createPackage({ title: "Kerala", status: "published" }, ctx());
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.fields.thumbnail).toBe("Needed to publish: a thumbnail.");
  });

  it("publish and feature: live at the next read on the list and the carousel", async () => {
    const created = await createPackage({ ...publishable, featured: true }, ctx());
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect((await listPackages()).map((row) => row.slug)).toContain("kerala-backwaters");
    const carousel = await listTopDestinations();
    expect(carousel.at(-1)?.slug).toBe("kerala-backwaters");
    expect((await listActivity({ kind: "package.published" }))[0]?.subjectId).toBe(String(created.row.id));
  });

  it("update: new values, updatedAt moves, unpublish is logged, a renamed slug redirects (chains collapse)", async () => {
    const row = (await getPackage("kerala-backwaters"))!;
    const input = { ...rowToInput(row, true), title: "Kerala Houseboats", slug: "kerala-houseboats", status: "draft" };
    const updated = await updatePackage(row.id, input, ctx());
    expect(updated?.ok).toBe(true);
    if (!updated?.ok) return;
    expect(updated.row.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
    expect(await findRedirect("/packages/kerala-backwaters")).toBe("/packages/kerala-houseboats");
    expect((await listActivity({ kind: "package.unpublished" }))[0]?.subjectLabel).toBe("Kerala Houseboats");

    await updatePackage(row.id, { ...input, slug: "kerala" }, ctx());
    expect(await findRedirect("/packages/kerala-backwaters")).toBe("/packages/kerala");
    expect(await findRedirect("/packages/kerala-houseboats")).toBe("/packages/kerala");
    // Renaming back makes the old address live again: no loop.
    await updatePackage(row.id, { ...input, slug: "kerala-backwaters" }, ctx());
    expect(await findRedirect("/packages/kerala-backwaters")).toBeNull();
    expect(await findRedirect("/packages/kerala")).toBe("/packages/kerala-backwaters");
  });

  it("the migration carries the old hard-coded aliases", async () => {
    expect(await findRedirect("/packages/bangalore-ooty-mysore")).toBe("/packages/bangalore-mysore");
  });

  it("an API update lays the admin payload over the stored package and turns image URLs into media keys", async () => {
    const row = (await getPackage("kerala-backwaters", { includeDrafts: true }))!;
    const [photo] = await db.select().from(media).where(eq(media.key, "frangipani"));
    const parsed = parsePackageBody({ price: 41000, duration: 6, images: [photo!.variants[0]!.url] }, rowToInput(row, await isFeatured(db, row.id)));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const updated = await updatePackage(row.id, parsed.input, ctx());
    expect(updated?.ok && updated.row).toMatchObject({
      title: "Kerala Houseboats",
      days: 6,
      nights: 5,
      priceFrom: 41000,
      gallery: ["frangipani"],
      country: "India",
    });
    expect(parsePackageBody({ price: "cheap" })).toMatchObject({ ok: false });
    expect(await updatePackage(999999, { title: "Nobody" }, ctx())).toBeNull();
  });

  it("delete: gone with its carousel place and redirects, logged", async () => {
    const row = (await getPackage("kerala-backwaters", { includeDrafts: true }))!;
    const deleted = await deletePackage(row.id, ctx());
    expect(deleted?.ok && deleted.row.id).toBe(row.id);
    expect(await getPackage(String(row.id), { includeDrafts: true })).toBeNull();
    expect(await db.select().from(topDestinations).where(eq(topDestinations.packageId, row.id))).toEqual([]);
    expect(await findRedirect("/packages/kerala")).toBeNull();
    expect((await listActivity({ kind: "package.deleted" }))[0]?.subjectLabel).toBe("Kerala Houseboats");
    expect(await deletePackage(row.id, ctx())).toBeNull();
    expect(await db.select().from(packages).where(eq(packages.id, row.id))).toEqual([]);
  });
});
