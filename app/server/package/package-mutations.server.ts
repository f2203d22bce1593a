import { and, eq, max, ne } from "drizzle-orm";
import { slugify } from "~/lib/package-schema";
import type { ActivityKind } from "~/server/activity/activity.server";
import { ContentWriteAbort, writeContent, type ContentWriteContext } from "~/server/content/content-write.server";
import type { ImageAlt } from "~/lib/image-alt-schema";
import { setImageAlts } from "~/server/media/media-alt.server";
import { deleteMediaIfUnused } from "~/server/media/media-cleanup.server";
import type { Db } from "~/server/db/db.server";
import { media, packages, topDestinations, type PackageRow } from "~/server/db/schema.server";
import { addRedirect, clearRedirectFrom, removeRedirectsTo } from "~/server/redirect/redirects.server";
import { parsePackageInput, resolveMediaRefs, toPackageValues, type FieldErrors } from "./package-input.server";

export type PackageWriteResult = { ok: true; row: PackageRow } | { ok: false; fields: FieldErrors };
/** What the editor saves with a package in the same write: its photos' alt texts (kept in the media table). */
export type PackageWriteOptions = { imageAlts?: ImageAlt[] };
export type PackageDeleteResult = { ok: true; row: PackageRow } | { ok: false; notFound: true };

export const SLUG_TAKEN_MESSAGE = "Another package already uses this address.";
export const UNKNOWN_BROCHURE_MESSAGE = "This brochure is not one uploaded here. Upload the PDF again.";

/** An uploaded brochure's address must name a brochure in the media table (the schema has checked its shape). */
async function unknownBrochure(tx: Db, brochureUrl: string | undefined): Promise<boolean> {
  if (!brochureUrl?.startsWith("/media/")) return false;
  const [row] = await tx.select({ key: media.key }).from(media).where(and(eq(media.url, brochureUrl), eq(media.kind, "brochure"))).limit(1);
  return !row;
}
const packagePath = (slug: string) => `/packages/${slug}`;

/** Every stored file a package refers to: images and the brochure. */
function referencedKeys(row: Pick<PackageRow, "thumbnail" | "gallery" | "itinerary" | "brochureUrl">): string[] {
  return [row.thumbnail, ...row.gallery, ...row.itinerary.map((day) => day.photo), row.brochureUrl ?? ""].filter(Boolean);
}

async function slugTaken(tx: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(exceptId ? and(eq(packages.slug, slug), ne(packages.id, exceptId)) : eq(packages.slug, slug))
    .limit(1);
  return Boolean(row);
}

/** A slug derived from the title gets -2, -3… when taken; one typed by hand must be free. */
async function chooseSlug(tx: Db, typed: string | undefined, title: string, exceptId?: number) {
  if (typed) return (await slugTaken(tx, typed, exceptId)) ? null : typed;
  const base = slugify(title) || "package";
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(tx, candidate, exceptId))) return candidate;
  }
}

/** Puts a package on the home carousel (at the end) or takes it off. */
async function setFeatured(tx: Db, packageId: number, featured: boolean) {
  if (!featured) {
    await tx.delete(topDestinations).where(eq(topDestinations.packageId, packageId));
    return;
  }
  const [last] = await tx.select({ n: max(topDestinations.sortOrder) }).from(topDestinations);
  await tx
    .insert(topDestinations)
    .values({ packageId, sortOrder: Number(last?.n ?? 0) + 1 })
    .onConflictDoNothing();
}

export async function isFeatured(tx: Db, packageId: number): Promise<boolean> {
  const [row] = await tx.select().from(topDestinations).where(eq(topDestinations.packageId, packageId)).limit(1);
  return Boolean(row);
}

function subjectOf(row: PackageRow) {
  return { type: "package", id: row.id, label: row.title };
}

/** Creates a package from a full-model input (validated here). A title alone makes a draft. */
export async function createPackage(value: unknown, ctx: ContentWriteContext, options: PackageWriteOptions = {}): Promise<PackageWriteResult> {
  const parsed = parsePackageInput(value);
  if (!parsed.ok) return parsed;
  return writeContent<PackageWriteResult>(ctx, async (tx) => {
    const input = await resolveMediaRefs(tx, parsed.input);
    if (await unknownBrochure(tx, input.brochureUrl)) throw new ContentWriteAbort<PackageWriteResult>({ ok: false, fields: { brochureUrl: UNKNOWN_BROCHURE_MESSAGE } });
    const slug = await chooseSlug(tx, input.slug, input.title);
    if (!slug) throw new ContentWriteAbort<PackageWriteResult>({ ok: false, fields: { slug: SLUG_TAKEN_MESSAGE } });
    const [row] = await tx.insert(packages).values(toPackageValues(input, slug)).returning();
    await setFeatured(tx, row!.id, input.featured);
    if (options.imageAlts?.length) await setImageAlts(tx, options.imageAlts, referencedKeys(row!));
    await clearRedirectFrom(tx, packagePath(slug));
    const kinds: ActivityKind[] = ["package.created", ...(row!.status === "published" ? (["package.published"] as const) : [])];
    return {
      result: { ok: true, row: row! },
      activity: kinds.map((kind) => ({ kind, subject: subjectOf(row!), detail: { slug } })),
    };
  });
}

/**
 * Replaces a package with a full-model input (validated here). A new slug
 * leaves a permanent redirect from the old address; media the package no
 * longer refers to are offered to deleteMediaIfUnused after the commit.
 */
export async function updatePackage(id: number, value: unknown, ctx: ContentWriteContext, options: PackageWriteOptions = {}): Promise<PackageWriteResult | null> {
  const parsed = parsePackageInput(value);
  if (!parsed.ok) return parsed;
  return writeContent<PackageWriteResult | null>(ctx, async (tx) => {
    const [before] = await tx.select().from(packages).where(eq(packages.id, id)).limit(1).for("update");
    if (!before) return { result: null };
    const input = await resolveMediaRefs(tx, parsed.input);
    if (input.brochureUrl !== (before.brochureUrl ?? "") && (await unknownBrochure(tx, input.brochureUrl))) {
      throw new ContentWriteAbort<PackageWriteResult>({ ok: false, fields: { brochureUrl: UNKNOWN_BROCHURE_MESSAGE } });
    }
    const slug = await chooseSlug(tx, input.slug ?? before.slug, input.title, id);
    if (!slug) throw new ContentWriteAbort<PackageWriteResult>({ ok: false, fields: { slug: SLUG_TAKEN_MESSAGE } });
    const [row] = await tx
      .update(packages)
      .set({ ...toPackageValues(input, slug), updatedAt: new Date() })
      .where(eq(packages.id, id))
      .returning();
    await setFeatured(tx, id, input.featured);
    if (options.imageAlts?.length) await setImageAlts(tx, options.imageAlts, referencedKeys(row!));
    if (slug !== before.slug) await addRedirect(tx, packagePath(before.slug), packagePath(slug));

    const kinds: ActivityKind[] = ["package.updated"];
    if (before.status !== row!.status) kinds.push(row!.status === "published" ? "package.published" : "package.unpublished");
    const kept = new Set(referencedKeys(row!));
    const dropped = referencedKeys(before).filter((key) => !kept.has(key));
    return {
      result: { ok: true, row: row! },
      activity: kinds.map((kind) => ({
        kind,
        subject: subjectOf(row!),
        detail: slug !== before.slug ? { slug, previousSlug: before.slug } : { slug },
      })),
      afterCommit: dropped.length ? async () => void (await deleteMediaIfUnused([...new Set(dropped)])) : undefined,
    };
  });
}

/** Deletes a package (its carousel place and enquiry links go with it); null when there is none. */
export async function deletePackage(id: number, ctx: ContentWriteContext): Promise<PackageRow | null> {
  return writeContent<PackageRow | null>(ctx, async (tx) => {
    const [row] = await tx.delete(packages).where(eq(packages.id, id)).returning();
    if (!row) return { result: null };
    await removeRedirectsTo(tx, packagePath(row.slug));
    const keys = [...new Set(referencedKeys(row))];
    return {
      result: row,
      activity: [{ kind: "package.deleted", subject: subjectOf(row), detail: { slug: row.slug } }],
      afterCommit: keys.length ? async () => void (await deleteMediaIfUnused(keys)) : undefined,
    };
  });
}
