import { CONTENT_FIELDS, changedFields, sameValue, type ContentDocument, type ContentEntityType } from "~/lib/content-fields";
import type { EditConflict } from "~/lib/revisions";
import type { Db } from "~/server/db/db.server";
import { lastRevision, revisionAtVersion } from "./revisions.server";

/** Longest value a conflict shows for one side; the History panel shows whole documents. */
const SHOWN = 400;
const shorten = (text: string) => (text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text);

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
    ? CONTENT_FIELDS[at.type]
        .filter((spec) => !sameValue(spec.get(current), spec.get(mine)))
        .map((spec) => ({ field: spec.key, label: spec.label, theirs: shorten(spec.format(spec.get(current))), yours: shorten(spec.format(spec.get(mine))) }))
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
