import { and, eq, max, ne, sql } from "drizzle-orm";
import type { ContentDocument } from "~/lib/content-fields";
import { slugify, type PackageInput } from "~/lib/package-schema";
import type { EditConflict, RevisionKind } from "~/lib/revisions";
import type { ActivityKind } from "~/server/activity/activity.server";
import { describeConflict, documentAtVersion, mergeDocuments } from "~/server/content/conflicts.server";
import { ContentWriteAbort, writeContent, type ContentChange, type ContentWriteContext } from "~/server/content/content-write.server";
import { dropDraft } from "~/server/content/drafts.server";
import { dropSchedule } from "~/server/content/schedule.server";
import type { ImageAlt } from "~/lib/image-alt-schema";
import { setImageAlts } from "~/server/media/media-alt.server";
import { deleteMediaIfUnused } from "~/server/media/media-cleanup.server";
import type { Db } from "~/server/db/db.server";
import { media, packages, topDestinations, type PackageRow } from "~/server/db/schema.server";
import { addRedirect, clearRedirectFrom, removeRedirectsTo } from "~/server/redirect/redirects.server";
import { withDepartureIds } from "./departure-ids.server";
import { bookedDepartures, liveBookingCount, refreshDepartureSnapshots } from "~/server/seats/departure-seats.server";
import { formatTourDate } from "~/lib/tour-format";
import type { GroupDate } from "~/lib/content-types";
import { parsePackageInput, resolveMediaRefs, rowToInput, toPackageValues, type FieldErrors } from "./package-input.server";

/** A create's answer: the package, or what to fix. */
export type PackageSaveResult = { ok: true; row: PackageRow } | { ok: false; fields: FieldErrors };
/** A write to a stored package may also meet a newer version (409, ADR 037). */
export type PackageWriteResult = PackageSaveResult | { ok: false; conflict: EditConflict };

/** How a write meets other writers (ADR 037). */
type PackageWriteOptions = {
  /** The version the change was based on (the editor's hidden field, If-Match): another stored version refuses it (409). */
  expectedVersion?: number;
  /** "Overwrite with mine": fields the writer left as they were at this version keep the stored change. */
  mergeFrom?: number;
  /** The editor's save publishes its pending draft changes: they (and their schedule) go. */
  clearDraft?: boolean;
  /** The revision's kind when it is not a plain save (restore, scheduled publishing). */
  kind?: RevisionKind;
  /** What the editor saves with a package in the same write: its photos' alt texts (kept in the media table). */
  imageAlts?: ImageAlt[];
};

export const SLUG_TAKEN_MESSAGE = "Another package already uses this address.";
export const UNKNOWN_BROCHURE_MESSAGE = "This brochure is not one uploaded here. Upload the PDF again.";

/** An uploaded brochure's address must name a brochure in the media table (the schema has checked its shape). */
export async function unknownBrochure(tx: Db, brochureUrl: string | undefined): Promise<boolean> {
  if (!brochureUrl?.startsWith("/media/")) return false;
  const [row] = await tx
    .select({ key: media.key })
    .from(media)
    .where(and(eq(media.url, brochureUrl), eq(media.kind, "brochure")))
    .limit(1);
  return !row;
}
export const packagePath = (slug: string) => `/packages/${slug}`;

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
export async function chooseSlug(tx: Db, typed: string | undefined, title: string, exceptId?: number) {
  if (typed) return (await slugTaken(tx, typed, exceptId)) ? null : typed;
  const base = slugify(title) || "package";
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(tx, candidate, exceptId))) return candidate;
  }
}

/** Puts a package on the home carousel (at the end) or takes it off. */
export async function setFeatured(tx: Db, packageId: number, featured: boolean) {
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

export function subjectOf(row: Pick<PackageRow, "id" | "title">) {
  return { type: "package", id: row.id, label: row.title };
}

/** A package's document (its revisions' JSON): the full input, as the editor and the API read it. */
export function packageDocument(row: Parameters<typeof rowToInput>[0], featured: boolean): ContentDocument {
  // Through the schema, so every document has one form (defaults filled, unknown keys
  // gone, days in order, as stored) and compares field by field.
  const input = rowToInput(row, featured);
  const parsed = parsePackageInput(input);
  const canonical = parsed.ok ? { ...parsed.input, itinerary: [...parsed.input.itinerary].sort((a, b) => a.day - b.day) } : input;
  return JSON.parse(JSON.stringify(canonical)) as ContentDocument;
}

/** The document an input would store, with its slug decided. */
export function inputDocument(input: PackageInput, slug: string): ContentDocument {
  return packageDocument(toPackageValues(input, slug), input.featured);
}

const abort = (result: PackageWriteResult): never => {
  throw new ContentWriteAbort<PackageWriteResult>(result);
};

/**
 * The stored package, locked for this write, checked against the version the
 * writer based the change on: a conflict aborts the write with what the
 * editor needs to show it. Returns the row, whether it is featured, and the
 * input to write (merged with the stored change on "Overwrite with mine").
 */
export async function lockForWrite(tx: Db, id: number, input: PackageInput | null, options: PackageWriteOptions) {
  const [before] = await tx.select().from(packages).where(eq(packages.id, id)).limit(1).for("update");
  if (!before) return null;
  const featured = await isFeatured(tx, id);
  const current = packageDocument(before, featured);
  if (options.expectedVersion !== undefined && options.expectedVersion !== before.revision) {
    const at = { type: "package" as const, id, baseVersion: options.expectedVersion, version: before.revision, updatedAt: before.updatedAt };
    abort({ ok: false, conflict: await describeConflict(tx, at, current, input ? inputDocument(input, input.slug ?? before.slug) : null) });
  }
  if (!input || options.mergeFrom === undefined || options.mergeFrom === before.revision) return { before, featured, current, input };
  const mine = inputDocument(input, input.slug ?? before.slug);
  const merged = parsePackageInput(mergeDocuments(await documentAtVersion(tx, "package", id, options.mergeFrom), current, mine));
  if (!merged.ok) abort(merged);
  return { before, featured, current, input: (merged as { input: PackageInput }).input };
}

/**
 * What the departures' bookings forbid a save (ADR 088): a capacity lowered
 * (or first set) below the seats held and confirmed, and removing a departure
 * that live bookings name. Field errors with the numbers; empty: allowed.
 */
export async function departureRefusals(tx: Db, id: number, dates: readonly GroupDate[], stored: readonly GroupDate[]): Promise<Record<string, string>> {
  const booked = await bookedDepartures(tx, id);
  if (booked.size === 0) return {};
  const fields: Record<string, string> = {};
  dates.forEach((date, index) => {
    const taken = date.id ? (booked.get(date.id)?.taken ?? 0) : 0;
    const before = stored.find((old) => old.id === date.id)?.capacity;
    if (date.capacity !== undefined && date.capacity < taken && (before === undefined || date.capacity < before)) {
      fields[`groupDates[${index}].capacity`] =
        `${taken} seats are already held or confirmed on this departure: the capacity cannot be lower than ${taken}. Cancel bookings first to lower it.`;
    }
  });
  const removed = stored.filter((old) => old.id && booked.has(old.id) && !dates.some((date) => date.id === old.id));
  if (removed.length > 0) {
    fields.groupDates = removed
      .map((old) => {
        const n = booked.get(old.id!)!.bookings;
        return `The departure ${old.name} (${formatTourDate(old.start)}) has ${n} live booking${n === 1 ? "" : "s"}: cancel them or move them to another departure before removing it.`;
      })
      .join(" ");
  }
  return fields;
}

/** Creates a package from a full-model input (validated here). A title alone makes a draft. */
export async function createPackage(
  value: unknown,
  ctx: ContentWriteContext,
  options: Pick<PackageWriteOptions, "kind" | "imageAlts"> = {},
): Promise<PackageSaveResult> {
  const parsed = parsePackageInput(value);
  if (!parsed.ok) return parsed;
  return writeContent<PackageSaveResult>(ctx, async (tx) => {
    const resolved = await resolveMediaRefs(tx, parsed.input);
    // Each departure gets its stable id (ADR 059) before anything is stored or compared.
    const input = { ...resolved, groupDates: withDepartureIds(resolved.groupDates) };
    if (await unknownBrochure(tx, input.brochureUrl)) abort({ ok: false, fields: { brochureUrl: UNKNOWN_BROCHURE_MESSAGE } });
    const slug = await chooseSlug(tx, input.slug, input.title);
    if (!slug) return abort({ ok: false, fields: { slug: SLUG_TAKEN_MESSAGE } });
    const [row] = await tx.insert(packages).values(toPackageValues(input, slug)).returning();
    await setFeatured(tx, row!.id, input.featured);
    if (options.imageAlts?.length) await setImageAlts(tx, options.imageAlts, referencedKeys(row!));
    await clearRedirectFrom(tx, packagePath(slug));
    const kinds: ActivityKind[] = ["package.created", ...(row!.status === "published" ? (["package.published"] as const) : [])];
    return {
      result: { ok: true, row: row! },
      revisions: [
        {
          type: "package",
          id: row!.id,
          version: row!.revision,
          kind: options.kind ?? "created",
          label: row!.title,
          document: inputDocument(input, slug),
          previous: null,
        },
      ],
      activity: kinds.map((kind) => ({ kind, subject: subjectOf(row!), detail: { slug } })),
    };
  });
}

/**
 * Writes a validated input over a package inside a content write: the core of
 * a save, of publishing draft changes and of scheduled publishing. A new slug
 * leaves a permanent redirect from the old address; media the package no
 * longer refers to are offered to deleteMediaIfUnused after the commit.
 */
export async function replacePackage(tx: Db, id: number, sent: PackageInput, options: PackageWriteOptions): Promise<ContentChange<PackageWriteResult | null>> {
  const locked = await lockForWrite(tx, id, sent, options);
  if (!locked) return { result: null, revisions: [] };
  const { before, current } = locked;
  const resolved = await resolveMediaRefs(tx, locked.input!);
  // Departures keep their ids (ADR 059): one sent without takes the stored one of the same date and name.
  const input = { ...resolved, groupDates: withDepartureIds(resolved.groupDates, before.groupDates) };
  if (input.brochureUrl !== (before.brochureUrl ?? "") && (await unknownBrochure(tx, input.brochureUrl))) {
    abort({ ok: false, fields: { brochureUrl: UNKNOWN_BROCHURE_MESSAGE } });
  }
  // Seats are counted from bookings: a save never makes a departure overbooked (ADR 088). The package's lock is held.
  const refused = await departureRefusals(tx, id, input.groupDates, before.groupDates);
  if (Object.keys(refused).length > 0) abort({ ok: false, fields: refused });
  const slug = await chooseSlug(tx, input.slug ?? before.slug, input.title, id);
  if (!slug) return abort({ ok: false, fields: { slug: SLUG_TAKEN_MESSAGE } });
  const [row] = await tx
    .update(packages)
    .set({ ...toPackageValues(input, slug), revision: sql`${packages.revision} + 1`, updatedAt: new Date() })
    .where(eq(packages.id, id))
    .returning();
  await setFeatured(tx, id, input.featured);
  if (options.imageAlts?.length) await setImageAlts(tx, options.imageAlts, referencedKeys(row!));
  if (slug !== before.slug) await addRedirect(tx, packagePath(before.slug), packagePath(slug));
  await refreshDepartureSnapshots(tx, id, row!.title, row!.groupDates);
  if (options.clearDraft) {
    await dropDraft(tx, "package", id);
    await dropSchedule(tx, "package", id, "publish-changes");
  }
  // Published now: a scheduled publication has nothing left to do.
  if (row!.status === "published") await dropSchedule(tx, "package", id, "publish");

  const kinds: ActivityKind[] = ["package.updated"];
  if (before.status !== row!.status) kinds.push(row!.status === "published" ? "package.published" : "package.unpublished");
  const statusKind: RevisionKind = before.status === row!.status ? "updated" : row!.status === "published" ? "published" : "unpublished";
  const kept = new Set(referencedKeys(row!));
  const dropped = referencedKeys(before).filter((key) => !kept.has(key));
  return {
    result: { ok: true, row: row! },
    revisions: [
      {
        type: "package",
        id,
        version: row!.revision,
        kind: options.kind ?? statusKind,
        label: row!.title,
        document: inputDocument(input, slug),
        previous: current,
      },
    ],
    activity: kinds.map((kind) => ({
      kind,
      subject: subjectOf(row!),
      detail: {
        ...(slug !== before.slug ? { slug, previousSlug: before.slug } : { slug }),
        ...(options.kind === "scheduled-publish" ? { scheduled: true } : {}),
      },
    })),
    afterCommit: dropped.length ? async () => void (await deleteMediaIfUnused([...new Set(dropped)])) : undefined,
  };
}

/** Replaces a package with a full-model input (validated here); null when there is none. */
export async function updatePackage(
  id: number,
  value: unknown,
  ctx: ContentWriteContext,
  options: PackageWriteOptions = {},
): Promise<PackageWriteResult | null> {
  const parsed = parsePackageInput(value);
  if (!parsed.ok) return parsed;
  return writeContent<PackageWriteResult | null>(ctx, (tx) => replacePackage(tx, id, parsed.input, options));
}

/**
 * Deletes a package (its carousel place, draft changes, schedule and enquiry
 * links go with it); null when there is none. Its last document stays in its
 * revisions, so it can be restored for 30 days (ADR 037).
 */
export async function deletePackage(
  id: number,
  ctx: ContentWriteContext,
  options: Pick<PackageWriteOptions, "expectedVersion"> = {},
): Promise<PackageWriteResult | null> {
  return writeContent<PackageWriteResult | null>(ctx, async (tx) => {
    const locked = await lockForWrite(tx, id, null, options);
    if (!locked) return { result: null, revisions: [] };
    const live = await liveBookingCount(tx, id);
    if (live > 0) {
      abort({
        ok: false,
        fields: { form: `This package has ${live} live booking${live === 1 ? "" : "s"} (held, confirmed or waitlisted): cancel them before deleting it.` },
      });
    }
    const [row] = await tx.delete(packages).where(eq(packages.id, id)).returning();
    await dropDraft(tx, "package", id);
    await dropSchedule(tx, "package", id);
    await removeRedirectsTo(tx, packagePath(row!.slug));
    const keys = [...new Set(referencedKeys(row!))];
    return {
      result: { ok: true, row: row! },
      revisions: [{ type: "package", id, version: row!.revision + 1, kind: "deleted", label: row!.title, document: locked.current }],
      activity: [{ kind: "package.deleted", subject: subjectOf(row!), detail: { slug: row!.slug } }],
      afterCommit: keys.length ? async () => void (await deleteMediaIfUnused(keys)) : undefined,
    };
  });
}
