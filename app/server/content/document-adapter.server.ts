import type { ContentDocument } from "~/lib/content-fields";
import type { EditConflict, RevisionKind } from "~/lib/revisions";
import type { ActivityKind } from "~/server/activity/activity.server";
import type { Db } from "~/server/db/db.server";
import type { ContentChange } from "./content-write.server";

export type FieldErrors = Record<string, string>;

/** How a write meets other writers (ADR 037). */
export type VersionOptions = {
  /** The version the change was based on (an editor's hidden field, If-Match): another stored version refuses it (409). */
  expectedVersion?: number;
  /** "Overwrite with mine": fields the writer left as they were at this version keep the stored change. */
  mergeFrom?: number;
};

/** What a write to a stored document answers: done (its new version), what to fix, or a conflict (409). */
export type DocumentWriteResult = { ok: true; version: number } | { ok: false; fields: FieldErrors } | { ok: false; conflict: EditConflict };

/** The live document, locked for a write that leaves its content alone (draft changes, schedules). */
export type LockedDocument = { version: number; published: boolean; label: string; current: ContentDocument };

/**
 * What the generic draft-changes, scheduling and restore code needs to know
 * of one entity type with a live row and a `revision` column (packages,
 * blogs; ADR 037). Each entity's module provides one.
 */
export type DocumentAdapter<Input> = {
  type: "package" | "blog";
  /** Validates a sent input (the editor's form, a stored draft). */
  parse(value: unknown): { ok: true; input: Input } | { ok: false; fields: FieldErrors };
  /** The input with `status: "published"`, or what publishing still needs, per field. */
  publishable(input: Input): { ok: true; input: Input } | { ok: false; fields: FieldErrors };
  /**
   * Locks the live row and checks `options.expectedVersion` (a conflict
   * aborts the write); null when there is no such document. With an input,
   * also returns the document it would store (merged on "Overwrite with
   * mine"); an input that cannot be stored (a taken address) aborts with its field errors.
   */
  lock(tx: Db, id: number, input: Input | null, options: VersionOptions): Promise<(LockedDocument & { document: ContentDocument | null }) | null>;
  /** Bumps the version of a write that leaves the live content alone; returns the new version. */
  bumpVersion(tx: Db, id: number): Promise<number>;
  /** Writes an input as the live document (a save), inside the transaction. */
  replace(
    tx: Db,
    id: number,
    input: Input,
    options: VersionOptions & { clearDraft?: boolean; kind?: RevisionKind },
  ): Promise<ContentChange<{ version: number } | null>>;
  activity: { draftSaved: ActivityKind; draftDiscarded: ActivityKind; scheduled: ActivityKind; unscheduled: ActivityKind; scheduleFailed: ActivityKind };
};
