import { eq } from "drizzle-orm";
import { missingForPublish, type PackageInput } from "~/lib/package-schema";
import { writeContent, type ContentWriteContext } from "~/server/content/content-write.server";
import { ALREADY_RESTORED_MESSAGE, isRestorable, missingMediaKeys, type RestoreResult } from "~/server/content/restore.server";
import type { Db } from "~/server/db/db.server";
import { packages, type ContentRevisionRow } from "~/server/db/schema.server";
import { clearRedirectFrom } from "~/server/redirect/redirects.server";
import { parsePackageInput, toPackageValues } from "./package-input.server";
import { chooseSlug, inputDocument, packagePath, setFeatured, subjectOf } from "./package-mutations.server";

const exists = (tx: Db) => async (id: number) => Boolean((await tx.select({ id: packages.id }).from(packages).where(eq(packages.id, id)).limit(1))[0]);

/**
 * Restores a deleted package from its deletion revision, under its old id
 * (its History continues). It comes back as it was, or as a draft with a new
 * address when its address is taken now; photos that no longer exist are left out.
 */
export async function restoreDeletedPackage(revision: ContentRevisionRow, ctx: ContentWriteContext): Promise<RestoreResult> {
  return writeContent<RestoreResult>(ctx, async (tx) => {
    if (!(await isRestorable(tx, revision, exists(tx)))) return { result: { ok: false, message: ALREADY_RESTORED_MESSAGE }, revisions: [] };
    const id = Number(revision.entityId);
    let parsed = parsePackageInput(revision.document);
    // Rules may have tightened since it was saved: a draft asks for a title only.
    if (!parsed.ok) parsed = parsePackageInput({ ...revision.document, status: "draft" });
    if (!parsed.ok) return { result: { ok: false, message: "This package can no longer be restored: its saved form is not valid now." }, revisions: [] };
    let input: PackageInput = parsed.input;
    const missing = await missingMediaKeys(tx, [input.thumbnail, ...input.gallery, ...input.itinerary.map((day) => day.photo)]);
    if (missing.size > 0) {
      const keep = (key: string) => (missing.has(key) ? "" : key);
      input = {
        ...input,
        thumbnail: keep(input.thumbnail),
        gallery: input.gallery.filter((key) => !missing.has(key)),
        itinerary: input.itinerary.map((day) => ({ ...day, photo: keep(day.photo) })),
      };
    }
    const wanted = input.slug ?? "";
    const free = wanted ? await chooseSlug(tx, wanted, input.title) : null;
    const slug = free ?? (await chooseSlug(tx, undefined, input.title))!;
    const asDraft = input.status === "published" && (slug !== wanted || missingForPublish(input).length > 0);
    if (asDraft) input = { ...input, status: "draft" };
    const version = revision.version + 1;
    const [row] = await tx
      .insert(packages)
      .values({ id, ...toPackageValues(input, slug), revision: version })
      .returning();
    await setFeatured(tx, id, input.featured);
    await clearRedirectFrom(tx, packagePath(slug));
    return {
      result: { ok: true, type: "package", id, title: row!.title, slug, asDraft, slugChanged: slug !== wanted, droppedMedia: missing.size },
      revisions: [{ type: "package", id, version, kind: "restored", label: row!.title, document: inputDocument(input, slug), previous: revision.document }],
      activity: [{ kind: "package.restored", subject: subjectOf(row!), detail: { slug, ...(asDraft ? { asDraft: true } : {}) } }],
    };
  });
}
