import { eq, sql } from "drizzle-orm";
import { packageInputSchema, issuesToFields, type PackageInput } from "~/lib/package-schema";
import { ContentWriteAbort } from "~/server/content/content-write.server";
import type { DocumentAdapter } from "~/server/content/document-adapter.server";
import { scheduledPublisherFor } from "~/server/content/draft-changes.server";
import type { Db } from "~/server/db/db.server";
import { packages } from "~/server/db/schema.server";
import { parsePackageInput, resolveMediaRefs } from "./package-input.server";
import {
  chooseSlug,
  inputDocument,
  lockForWrite,
  replacePackage,
  SLUG_TAKEN_MESSAGE,
  UNKNOWN_BROCHURE_MESSAGE,
  unknownBrochure,
} from "./package-mutations.server";

/** Packages for the generic draft changes, schedules and restore (ADR 037). */
export const packageDocuments: DocumentAdapter<PackageInput> = {
  type: "package",
  parse: parsePackageInput,
  publishable(input) {
    const parsed = packageInputSchema.safeParse({ ...input, status: "published" });
    return parsed.success ? { ok: true, input: parsed.data } : { ok: false, fields: issuesToFields(parsed.error.issues) };
  },
  async lock(tx, id, sent, options) {
    const locked = await lockForWrite(tx, id, sent, options);
    if (!locked) return null;
    const { before, current } = locked;
    const base = { version: before.revision, published: before.status === "published", label: before.title, current };
    if (!locked.input) return { ...base, document: null };
    // What draft changes would store: checked as a save would be, so publishing them later works.
    const input = await resolveMediaRefs(tx, locked.input);
    const fail = (fields: Record<string, string>) => {
      throw new ContentWriteAbort({ ok: false, fields });
    };
    if (input.brochureUrl !== (before.brochureUrl ?? "") && (await unknownBrochure(tx, input.brochureUrl))) fail({ brochureUrl: UNKNOWN_BROCHURE_MESSAGE });
    const slug = await chooseSlug(tx, input.slug ?? before.slug, input.title, id);
    if (!slug) fail({ slug: SLUG_TAKEN_MESSAGE });
    return { ...base, document: inputDocument(input, slug!) };
  },
  bumpVersion: (tx, id) => bumpPackageVersion(tx, id),
  async replace(tx, id, input, options) {
    const change = await replacePackage(tx, id, input, options);
    return { ...change, result: change.result?.ok ? { version: change.result.row.revision } : null };
  },
  activity: {
    draftSaved: "package.draft-saved",
    draftDiscarded: "package.draft-discarded",
    scheduled: "package.scheduled",
    unscheduled: "package.unscheduled",
    scheduleFailed: "package.schedule-failed",
  },
};

/** A write that leaves the live package alone still makes a new version (an editor holding the old one is told). */
async function bumpPackageVersion(tx: Db, id: number): Promise<number> {
  const [row] = await tx
    .update(packages)
    .set({ revision: sql`${packages.revision} + 1` })
    .where(eq(packages.id, id))
    .returning({ revision: packages.revision });
  return row!.revision;
}

/** The worker's handler for packages. */
export const publishScheduledPackage = scheduledPublisherFor(packageDocuments);
