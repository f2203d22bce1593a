/**
 * Revisions, conflicts, draft changes and schedules as the back office shows
 * them (ADR 037): the shapes the server hands to the editors' components.
 * Isomorphic and free of Zod.
 */
import type { ContentEntityType, FieldChange } from "./content-fields";

export const REVISION_KINDS = [
  "original",
  "created",
  "updated",
  "published",
  "unpublished",
  "draft-saved",
  "draft-discarded",
  "scheduled",
  "unscheduled",
  "scheduled-publish",
  "restored",
  "deleted",
] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

const KIND_LABELS: Record<RevisionKind, string> = {
  original: "Before changes were recorded",
  created: "Created",
  updated: "Saved",
  published: "Published",
  unpublished: "Unpublished",
  "draft-saved": "Saved draft changes",
  "draft-discarded": "Discarded draft changes",
  scheduled: "Scheduled publishing",
  unscheduled: "Cancelled scheduled publishing",
  "scheduled-publish": "Published on schedule",
  restored: "Restored after deletion",
  deleted: "Deleted",
};

export function revisionKindLabel(kind: string): string {
  return (KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

/** One line of an editor's History list. */
export type RevisionSummary = {
  id: number;
  version: number;
  kind: RevisionKind;
  /** ISO time. */
  at: string;
  who: string;
  changes: FieldChange[];
};

/** A word of a long field's diff: kept, added or removed. */
export type DiffSegment = { text: string; added?: boolean; removed?: boolean };

/** One field of a revision compared with the current version. */
export type FieldDiff = {
  field: string;
  label: string;
  /** The revision's value and the current one, as people read them. */
  revision: string;
  current: string;
  /** Long text: the words from the revision to the current version. */
  segments?: DiffSegment[];
};

/** A revision opened from History: what differs from the current version. */
export type RevisionDetail = {
  revision: RevisionSummary & { label: string };
  entity: { type: ContentEntityType; id: string; label: string; editorPath: string; exists: boolean };
  /** The current version's number, when the document exists. */
  currentVersion: number | null;
  diffs: FieldDiff[];
};

/** Someone else with the same editor open. */
export type EditorPresence = { name: string; since: string };

/** The conflict notice's id: the save bar's "Review" moves focus to it (issue 49). */
export const CONFLICT_NOTICE_ID = "conflict-notice";

/** A save refused because the document changed since the editor loaded it (409). */
export type EditConflict = {
  /** The current version: "Overwrite with mine" sends it back. */
  version: number;
  /** The version the editor had loaded. */
  baseVersion: number;
  /** Who made the latest change, and when (ISO). */
  by: string;
  at: string;
  /** What they changed since the editor loaded it (null when that version is no longer kept). */
  theirChanges: FieldChange[] | null;
  /**
   * The fields where the stored document and the one sent differ, with both
   * values; a list (the itinerary, highlights) also each item that differs,
   * in full (issue 49: the whole list cut at 400 characters hid Day 3 on).
   */
  differing: { field: string; label: string; theirs: string; yours: string; rows?: { label: string; theirs: string; yours: string }[] }[];
  /** The current stored document (the API's and a later editor's "Review their version"). */
  current: Record<string, unknown>;
};

/** Pending draft changes beside a live document. */
export type DraftInfo = { savedBy: string; savedAt: string };

/** A scheduled publication. */
export type ScheduleInfo = { action: "publish" | "publish-changes"; publishAt: string; by: string };

/** What an editor shows about a stored document beside its fields (loaded with it; ADR 037). */
export type EditorRevisionState = {
  /** The live version the form is based on (its hidden `baseVersion`). */
  version: number;
  /** Pending draft changes, which the form loaded. */
  draft: DraftInfo | null;
  schedule: ScheduleInfo | null;
  /** Others with this editor open. */
  editors: EditorPresence[];
  history: RevisionSummary[];
  /** A revision loaded with "Restore this version" (`?restore=<id>`): the form holds it as unsaved changes. */
  restoring: (RevisionSummary & { label: string }) | null;
};

/** An open editor says so every 30 s… */
export const PRESENCE_HEARTBEAT_MS = 30_000;
/** …and counts as gone 2 minutes after its last word. */
export const PRESENCE_LAPSE_MS = 2 * 60_000;
