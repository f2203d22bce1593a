import { CONTENT_FIELDS, changedFields, sameValue, type ContentDocument, type ContentEntityType } from "~/lib/content-fields";
import type { EditConflict } from "~/lib/revisions";
import type { Db } from "~/server/db/db.server";
import { lastRevision, revisionAtVersion } from "./revisions.server";

/** Longest value a conflict shows for one side; the History panel shows whole documents. */
const SHOWN = 400;
/** Longest item of a list (a day of the itinerary) a conflict shows. */
const ITEM_SHOWN = 3000;
const shorten = (text: string, max = SHOWN) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

type FieldSpec = (typeof CONTENT_FIELDS)[ContentEntityType][number];

/** One field that differs; a list also item by item, each item that differs in full ("itinerary, item 5"). */
function differingField(spec: FieldSpec, current: ContentDocument, mine: ContentDocument): EditConflict["differing"][number] {
  const theirs = spec.get(current);
  const yours = spec.get(mine);
  const entry = { field: spec.key, label: spec.label, theirs: shorten(spec.format(theirs)), yours: shorten(spec.format(yours)) };
  if (!Array.isArray(theirs) && !Array.isArray(yours)) return entry;
  const a: unknown[] = Array.isArray(theirs) ? theirs : [];
  const b: unknown[] = Array.isArray(yours) ? yours : [];
  const item = (value: unknown) => (value === undefined ? "" : shorten(spec.format([value]), ITEM_SHOWN));
  const rows = Array.from({ length: Math.max(a.length, b.length) }, (_, index) => index)
    .filter((index) => !sameValue(a[index], b[index]))
    .map((index) => ({ label: `${spec.label}, item ${index + 1}`, theirs: item(a[index]), yours: item(b[index]) }));
  return { ...entry, rows };
}

/**
 * Why a write based on `baseVersion` is refused (409, ADR 037): who changed
 * the document last and when, what they changed since that version (when it
 * is still kept), the fields where the stored and the sent documents differ,
 * and the stored document.
 */
export async function describeConflict(
  tx: Db,
  at: { type: ContentEntityType; id: string | number; baseVersion: number; version: number; updatedAt: Date },
  current: ContentDocument,
  mine: ContentDocument | null,
): Promise<EditConflict> {
  const last = await lastRevision(tx, at.type, at.id);
  const base = await revisionAtVersion(tx, at.type, at.id, at.baseVersion);
  const differing = mine
    ? CONTENT_FIELDS[at.type].filter((spec) => !sameValue(spec.get(current), spec.get(mine))).map((spec) => differingField(spec, current, mine))
    : [];
  return {
    version: at.version,
    baseVersion: at.baseVersion,
    by: last?.actorName || last?.actorEmail || "Someone",
    at: (last?.createdAt ?? at.updatedAt).toISOString(),
    theirChanges: base ? changedFields(at.type, base.document, current) : null,
    differing,
    current,
  };
}

/**
 * "Overwrite with mine" (ADR 037): my document, except that fields I left as
 * they were at `base` and someone else changed since keep their change. With
 * no base (no longer kept), mine as sent.
 */
export function mergeDocuments(base: ContentDocument | null, current: ContentDocument, mine: ContentDocument): ContentDocument {
  if (!base) return mine;
  const merged: ContentDocument = { ...mine };
  for (const key of new Set([...Object.keys(base), ...Object.keys(current), ...Object.keys(mine)])) {
    if (sameValue(mine[key], base[key]) && !sameValue(current[key], base[key])) merged[key] = current[key];
  }
  return merged;
}

/** The document a kept version had, or null. */
export async function documentAtVersion(tx: Db, type: ContentEntityType, id: string | number, version: number): Promise<ContentDocument | null> {
  return (await revisionAtVersion(tx, type, id, version))?.document ?? null;
}
