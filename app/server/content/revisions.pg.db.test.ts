// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): a save based on an old version under the row lock (FOR UPDATE), and scheduled
// publishing exactly once however many workers race.
import { and, eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityChanges } from "~/lib/activity-labels";
import { listActivity } from "~/server/activity/activity.server";
import { getAuth, resetAuthForTests } from "~/server/auth/auth.server";
import type { Viewer } from "~/server/auth/guard.server";
import type { Db } from "~/server/db/db.server";
import { contentRevisions, contentSchedule, media, packages } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { createBlog } from "~/server/blog/blog-mutations.server";
import { publishScheduledBlog } from "~/server/blog/blog-documents.server";
import { getBlog } from "~/server/blog/blog-queries.server";
import { packageDocuments } from "~/server/package/package-documents.server";
import { getPackageInput } from "~/server/package/package-input.server";
import { createPackage, deletePackage, updatePackage } from "~/server/package/package-mutations.server";
import { getPackage } from "~/server/package/package-queries.server";
import { restoreDeletedPackage } from "~/server/package/package-restore.server";
import { deleteMediaIfUnused } from "~/server/media/media-cleanup.server";
import { getDraft } from "./drafts.server";
import { saveDraftChanges, schedulePublishing } from "./draft-changes.server";
import { heartbeat, listEditors } from "./presence.server";
import { getRevision, listRecentlyDeleted, listRevisions, pruneRevisions, REVISIONS_KEPT } from "./revisions.server";
import { ScheduledPublisher } from "./schedule.server";
import { diffDocuments } from "./revision-diff.server";

let db: Db;
let asha: Viewer;
let ravi: Viewer;
const as = (viewer: Viewer) => ({ viewer, ip: "10.0.0.5" });
const logger = pino({ level: "silent" });

beforeAll(async () => {
  resetAuthForTests();
  db = await openTestDatabase({ seeded: true });
  const make = async (name: string, email: string) => {
    const { user } = await getAuth().api.createUser({ body: { email, password: `${name.toLowerCase()}-password-1`, name, role: "editor" } });
    return { id: user.id, email: user.email, name: user.name, role: "editor" } as Viewer;
  };
  asha = await make("Asha", "asha@example.com");
  ravi = await make("Ravi", "ravi@example.com");
});
afterAll(async () => {
  resetAuthForTests();
  await closeTestDatabase();
});

/** The stored package as the editor would send it back, with some fields changed. */
async function edited(id: number, change: (input: Record<string, unknown>) => Record<string, unknown>) {
  const { input } = (await getPackageInput(id))!;
  return change(input as Record<string, unknown>);
}

const withAdultPrice = (adult: number) => (input: Record<string, unknown>) => ({ ...input, price: { ...(input.price as object), adult } });

describe("revisions", () => {
  it("every write stores the whole document with who, when and the changed fields; the log says what changed", async () => {
    const bali = (await getPackage("bali"))!;
    expect(bali.revision).toBe(1);
    const result = await updatePackage(bali.id, await edited(bali.id, withAdultPrice(104500)), as(asha));
    expect(result?.ok && result.row.revision).toBe(2);

    const history = await listRevisions("package", bali.id);
    // The seeded version it replaced is kept first, so it can be restored.
    expect(history.map((entry) => [entry.kind, entry.version, entry.who])).toEqual([
      ["updated", 2, "Asha"],
      ["original", 1, "Someone"],
    ]);
    expect(history[0]!.changes).toEqual([{ field: "price.adult", label: "price (adult)", from: "₹99,500", to: "₹1,04,500" }]);
    const stored = (await getRevision(history[0]!.id))!;
    expect(stored.document).toMatchObject({ title: "Bali Group Tour", price: { kind: "adultChild", adult: 104500 } });
    expect(stored.actorId).toBe(asha.id);

    const [entry] = await listActivity({ kind: "package.updated" });
    expect(activityChanges(entry!.detail)).toEqual(["changed price (adult) from ₹99,500 to ₹1,04,500"]);
  });

  it("a revision is compared with the current version field by field, long text by word", async () => {
    const bali = (await getPackage("bali"))!;
    const long = `${bali.longDescription} Snorkelling at Nusa Penida is included.`;
    await updatePackage(bali.id, await edited(bali.id, (input) => ({ ...input, title: "Bali Island Tour", longDescription: long })), as(ravi));
    const [, older] = await listRevisions("package", bali.id);
    const then = (await getRevision(older!.id))!.document;
    const now = (await getPackageInput(bali.id))!.input as Record<string, unknown>;
    const diffs = diffDocuments("package", then, now);
    expect(diffs.map((diff) => diff.label)).toEqual(["title", "long description"]);
    expect(diffs[0]).toMatchObject({ revision: "Bali Group Tour", current: "Bali Island Tour" });
    expect(
      diffs[1]!.segments
        ?.filter((segment) => segment.added)
        .map((segment) => segment.text)
        .join(""),
    ).toContain("Snorkelling at Nusa Penida is included.");
    expect(diffs[1]!.segments?.some((segment) => segment.removed)).toBe(false);
  });

  it("keeps the last 50 revisions and every revision younger than 30 days", async () => {
    const created = await createPackage({ title: "Pruned Trip" }, as(asha));
    if (!created.ok) throw new Error("not created");
    const id = String(created.row.id);
    const old = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    for (let version = 2; version <= 60; version++) {
      await db
        .insert(contentRevisions)
        .values({ entityType: "package", entityId: id, version, kind: "updated", label: "Pruned Trip", document: { title: "Pruned Trip" }, createdAt: old });
    }
    // Five recent ones: all younger than 30 days stay even beyond the 50.
    await db
      .update(contentRevisions)
      .set({ createdAt: new Date() })
      .where(and(eq(contentRevisions.entityId, id), sql`${contentRevisions.version} <= 6`));
    await pruneRevisions(db, "package", id);
    const kept = await listRevisions("package", id);
    expect(kept).toHaveLength(REVISIONS_KEPT + 6);
    expect(kept.at(-1)!.version).toBe(1);
    // The next write prunes in its own transaction too.
    await updatePackage(created.row.id, { title: "Pruned Trip 2" }, as(asha));
    expect(await listRevisions("package", id)).toHaveLength(REVISIONS_KEPT + 6);
  });
});

describe("conflicts", () => {
  it("a save based on an old version is refused with who changed what; Overwrite with mine keeps their other changes", async () => {
    const dubai = (await getPackage("dubai"))!;
    const base = dubai.revision;
    // Asha and Ravi open the editor at the same version; Asha saves a new price first.
    const ashaForm = await edited(dubai.id, (input) => ({ ...input, description: "Desert dunes and a dhow cruise." }));
    const raviForm = await edited(dubai.id, (input) => ({ ...input, title: "Dubai Family Escape" }));
    const saved = await updatePackage(dubai.id, ashaForm, as(asha), { expectedVersion: base });
    expect(saved?.ok).toBe(true);

    const refused = await updatePackage(dubai.id, raviForm, as(ravi), { expectedVersion: base });
    expect(refused && !refused.ok && "conflict" in refused).toBe(true);
    if (!refused || refused.ok || !("conflict" in refused)) return;
    expect(refused.conflict).toMatchObject({
      version: base + 1,
      baseVersion: base,
      by: "Asha",
      theirChanges: [{ field: "description", label: "short description" }],
    });
    expect(refused.conflict.differing.map((diff) => diff.label).sort()).toEqual(["short description", "title"]);
    expect((await getPackage("dubai"))!.title).toBe(dubai.title);

    // Overwrite with mine: based on the version the conflict named, merged from the one Ravi loaded.
    const overwritten = await updatePackage(dubai.id, raviForm, as(ravi), { expectedVersion: base + 1, mergeFrom: base });
    expect(overwritten?.ok).toBe(true);
    const now = (await getPackage("dubai"))!;
    expect(now).toMatchObject({ title: "Dubai Family Escape", description: "Desert dunes and a dhow cruise.", revision: base + 2 });
    // Without a version, the last writer wins (the API's compatibility).
    expect((await updatePackage(dubai.id, { ...raviForm, title: "Dubai Again" }, as(ravi)))?.ok).toBe(true);
  });

  it("the review table names every changed day of the itinerary, in full, however far down (issue 49)", async () => {
    const bali = (await getPackage("bali"))!;
    const base = bali.revision;
    type Day = { day: number; title: string; description: string; photo: string };
    const changeDay = (n: number, description: string) => (input: Record<string, unknown>) => ({
      ...input,
      itinerary: (input.itinerary as Day[]).map((day) => (day.day === n ? { ...day, description } : day)),
    });
    const long = `${"A slow morning by the pool. ".repeat(20)}Then the Kecak dance.`;
    // Both open it at the same version; Asha saves a long Day 6 first, Ravi changes Day 7.
    const raviForm = await edited(bali.id, changeDay(7, "Breakfast, then the airport."));
    expect((await updatePackage(bali.id, await edited(bali.id, changeDay(6, long)), as(asha), { expectedVersion: base }))?.ok).toBe(true);
    const refused = await updatePackage(bali.id, raviForm, as(ravi), { expectedVersion: base });
    if (!refused || refused.ok || !("conflict" in refused)) throw new Error("expected a conflict");
    const itinerary = refused.conflict.differing.find((diff) => diff.field === "itinerary")!;
    expect(itinerary.rows!.map((row) => row.label)).toEqual(["itinerary, item 6", "itinerary, item 7"]);
    expect(itinerary.rows![0]!.theirs).toContain(long);
    expect(itinerary.rows![0]!.theirs).toMatch(/^Day 6: /);
    expect(itinerary.rows![1]!.yours).toMatch(/^Day 7: Departure\nBreakfast, then the airport\.\n\[photo: /);
  });
});

describe("draft changes and scheduled publishing", () => {
  it("draft changes leave the live package alone until published, and bump its version", async () => {
    const lanka = (await getPackage("sri-lanka"))!;
    const form = await edited(lanka.id, (input) => ({ ...input, title: "Sri Lanka in Draft" }));
    const saved = await saveDraftChanges(packageDocuments, lanka.id, form, as(asha), { expectedVersion: lanka.revision });
    expect(saved).toEqual({ ok: true, version: lanka.revision + 1 });
    expect((await getPackage("sri-lanka"))!.title).toBe(lanka.title);
    expect((await getDraft("package", lanka.id))!.document).toMatchObject({ title: "Sri Lanka in Draft" });
    expect((await listRevisions("package", lanka.id))[0]).toMatchObject({ kind: "draft-saved", changes: [{ label: "title" }] });

    const published = await updatePackage(lanka.id, form, as(asha), { expectedVersion: lanka.revision + 1, clearDraft: true });
    expect(published?.ok && published.row.title).toBe("Sri Lanka in Draft");
    expect(await getDraft("package", lanka.id)).toBeNull();
  });

  it("a scheduled publication happens exactly once however many workers race, and bumps the version", async () => {
    const created = await createBlog({ title: "Monsoon in Kerala", content: "<p>Rain on the backwaters.</p>", status: "draft" }, as(asha));
    if (!created.ok) throw new Error("not created");
    const id = created.row.id;
    const { blogDocuments } = await import("~/server/blog/blog-documents.server");
    const at = new Date(Date.now() + 60 * 60 * 1000);
    const scheduled = await schedulePublishing(blogDocuments, id, { title: "Monsoon in Kerala", content: "<p>Rain on the backwaters.</p>" }, at, as(asha), {
      expectedVersion: created.row.revision,
    });
    expect(scheduled?.ok).toBe(true);
    expect(await getBlog(String(id))).toBeNull();

    const clock = { now: () => new Date(at.getTime() + 1000) };
    const early = new ScheduledPublisher({ handlers: { blog: publishScheduledBlog }, logger, clock: { now: () => new Date() } });
    expect(await early.runDue()).toBe(0);
    const workers = [1, 2, 3].map(() => new ScheduledPublisher({ handlers: { blog: publishScheduledBlog }, logger, clock }));
    const published = await Promise.all(workers.map((worker) => worker.runDue()));
    expect(published.reduce((sum, n) => sum + n, 0)).toBe(1);

    const live = (await getBlog(String(id)))!;
    expect(live.status).toBe("published");
    expect(live.revision).toBe(created.row.revision + 2);
    expect(
      await db
        .select()
        .from(contentSchedule)
        .where(eq(contentSchedule.entityId, String(id))),
    ).toEqual([]);
    const publishedEntries = (await listActivity({ kind: "blog.published" })).filter((entry) => entry.subjectId === String(id));
    expect(publishedEntries).toHaveLength(1);
    expect(publishedEntries[0]).toMatchObject({ userId: asha.id, detail: { scheduled: true } });
    expect((await listRevisions("blog", id))[0]).toMatchObject({ kind: "scheduled-publish", who: "Asha" });
  });
});

describe("restoring a deleted package", () => {
  it("comes back under its id with its history and photos; as a draft with a new address when its own is taken", async () => {
    const upload = "upload-restore-photo";
    await db.insert(media).values({
      key: upload,
      originalName: "x.jpg",
      width: 4,
      height: 3,
      placeholder: "",
      variants: [{ format: "webp", width: 400, height: 300, url: `/media/${upload}-400.webp` }],
      uploadedBy: asha.id,
    });
    const vietnam = (await getPackage("vietnam"))!;
    await updatePackage(vietnam.id, await edited(vietnam.id, (input) => ({ ...input, gallery: [...(input.gallery as string[]), upload] })), as(asha));
    const deleted = await deletePackage(vietnam.id, as(ravi));
    expect(deleted?.ok).toBe(true);
    // Its photo stays while it can be restored.
    await deleteMediaIfUnused([upload]);
    expect(await db.select().from(media).where(eq(media.key, upload))).toHaveLength(1);

    const [item] = (await listRecentlyDeleted(["package", "blog"])).filter((row) => row.entityId === String(vietnam.id));
    expect(item).toMatchObject({ kind: "deleted", label: vietnam.title, actorName: "Ravi" });

    // Someone took its address meanwhile.
    const squatter = await createPackage({ title: "Another Vietnam", slug: "vietnam" }, as(asha));
    const restored = await restoreDeletedPackage(item!, as(asha));
    expect(restored).toMatchObject({ ok: true, id: vietnam.id, asDraft: true, slugChanged: true });
    const row = (await db.select().from(packages).where(eq(packages.id, vietnam.id)))[0]!;
    expect(row).toMatchObject({ title: vietnam.title, status: "draft" });
    expect(row.slug).not.toBe("vietnam");
    expect(row.gallery).toContain(upload);
    expect((await listRevisions("package", vietnam.id)).map((entry) => entry.kind).slice(0, 3)).toEqual(["restored", "deleted", "updated"]);
    // Restored once: the list no longer offers it, and a second restore is refused.
    expect((await listRecentlyDeleted(["package"])).some((entry) => entry.entityId === String(vietnam.id))).toBe(false);
    expect((await restoreDeletedPackage(item!, as(asha))).ok).toBe(false);
    if (squatter.ok) await deletePackage(squatter.row.id, as(asha));
  });
});

describe("presence", () => {
  it("an editor is shown to others from its first heartbeat and lapses 2 minutes after its last", async () => {
    const start = new Date("2026-11-24T05:10:00Z");
    await heartbeat(asha, "package", "1", { now: start });
    const seen = await heartbeat(ravi, "package", "1", { now: new Date(start.getTime() + 30_000) });
    expect(seen).toEqual([{ name: "Asha", since: start.toISOString() }]);
    // Asha's heartbeats keep her "since"; Ravi does not see himself.
    await heartbeat(asha, "package", "1", { now: new Date(start.getTime() + 60_000) });
    expect(await listEditors("package", "1", asha.id, new Date(start.getTime() + 61_000))).toEqual([
      { name: "Ravi", since: new Date(start.getTime() + 30_000).toISOString() },
    ]);
    expect(await listEditors("package", "1", ravi.id, new Date(start.getTime() + 60_000 + 119_000))).toHaveLength(1);
    expect(await listEditors("package", "1", ravi.id, new Date(start.getTime() + 60_000 + 121_000))).toEqual([]);
    await heartbeat(asha, "package", "1", { now: new Date(start.getTime() + 70_000), leaving: true });
    expect(await listEditors("package", "1", ravi.id, new Date(start.getTime() + 71_000))).toEqual([]);
  });
});
