import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/server/auth/guard.server";
import { contentRegistryOf, restorableTypes, scheduledPublishHandlers } from "~/server/content/content-descriptor.server";
import { loadRevisionDetail } from "~/server/content/history-page.server";
import type { Db } from "~/server/db/db.server";
import { contentRevisions, legalPages, packages } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { contentRegistry } from "./content-registry.server";

let db: Db;
const editor = { id: null, email: "e@example.com", name: "Asha", role: "editor" } as unknown as Viewer;
const admin = { id: null, email: "a@example.com", name: "Ravi", role: "admin" } as unknown as Viewer;

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
});
afterAll(closeTestDatabase);

async function revisionOf(entityType: string, entityId: string) {
  const [row] = await db
    .insert(contentRevisions)
    .values({ entityType, entityId, version: 1, kind: "updated", label: "then", document: { title: "then" } })
    .returning();
  return row!.id;
}

describe("the content registry (ADR 080)", () => {
  it("lists every type with a History once, packages and blogs restorable and schedulable", () => {
    expect([...contentRegistry.keys()].sort()).toEqual(
      ["blog", "home-cards", "home-faqs", "home-hero", "home-reviews", "legal-page", "package", "reply-templates", "site-settings", "site-terms"].sort(),
    );
    expect(restorableTypes(contentRegistry).sort()).toEqual(["blog", "package"]);
    expect(Object.keys(scheduledPublishHandlers(contentRegistry)).sort()).toEqual(["blog", "package"]);
    expect(() => contentRegistryOf([contentRegistry.get("blog")!, contentRegistry.get("blog")!])).toThrow('content type "blog" is registered twice');
  });

  it("lets editors open the History of packages, blogs and the home screen, and only admins that of settings, terms, legal pages and templates", () => {
    const seenBy = (viewer: Viewer) => [...contentRegistry.values()].filter((d) => d.canSee(viewer)).map((d) => d.type);
    expect(seenBy(editor).sort()).toEqual(["blog", "home-cards", "home-faqs", "home-hero", "home-reviews", "package"]);
    expect(seenBy(admin)).toHaveLength(contentRegistry.size);
  });

  it("reads each type's live document, version and name, and its editor's address", async () => {
    const [bali] = await db.select().from(packages).orderBy(asc(packages.id)).limit(1);
    const [privacy] = await db.select().from(legalPages).where(eq(legalPages.slug, "privacy-policy"));
    const live = async (type: string, id: string) => {
      const descriptor = contentRegistry.get(type)!;
      const document = await descriptor.liveDocument(id);
      return { label: document?.label, version: document?.version, editor: descriptor.editorPath(id) };
    };
    expect(await live("package", String(bali!.id))).toEqual({ label: bali!.title, version: bali!.revision, editor: `/admin/packages/${bali!.id}` });
    expect(await live("site-settings", "site")).toMatchObject({ label: "Site settings", editor: "/admin/settings" });
    expect(await live("home-hero", "home")).toMatchObject({ label: "Home page hero", version: 1, editor: "/admin/site/home" });
    expect(await live("site-terms", "site")).toMatchObject({ label: "Package terms", editor: "/admin/site/terms" });
    expect(await live("legal-page", "privacy-policy")).toMatchObject({ label: privacy!.title, editor: "/admin/site/legal/privacy-policy" });
    expect(await live("reply-templates", "all")).toMatchObject({ label: "Reply templates", editor: "/admin/reply-templates" });
    // Gone or never made: none.
    expect((await live("package", "999999")).label).toBeUndefined();
    expect((await live("blog", "not-a-number")).label).toBeUndefined();
    expect((await live("legal-page", "no-such-page")).label).toBeUndefined();
  });

  it("opens a revision for whoever may see its type, and none of a type without a History", async () => {
    const settings = await revisionOf("site-settings", "site");
    expect(await loadRevisionDetail(settings, editor, contentRegistry)).toBeNull();
    const detail = await loadRevisionDetail(settings, admin, contentRegistry);
    expect(detail?.entity).toMatchObject({ type: "site-settings", label: "Site settings", editorPath: "/admin/settings", exists: true });
    expect(await loadRevisionDetail(await revisionOf("featured-order", "home"), admin, contentRegistry)).toBeNull();
    expect(await loadRevisionDetail(settings, admin, contentRegistryOf([]))).toBeNull();
  });
});
