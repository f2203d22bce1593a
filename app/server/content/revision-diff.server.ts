import { diffWordsWithSpace } from "diff";
import { CONTENT_FIELDS, sameValue, type ContentDocument, type ContentEntityType } from "~/lib/content-fields";
import type { DiffSegment, FieldDiff } from "~/lib/revisions";

/** A word diff that takes longer than this is shown as the two whole values instead. */
const DIFF_TIMEOUT_MS = 1000;

/** The words from one text to another: kept, removed and added (jsdiff, on the server only). */
function wordDiff(from: string, to: string): DiffSegment[] | undefined {
  const changes = diffWordsWithSpace(from, to, { timeout: DIFF_TIMEOUT_MS });
  return changes?.map((change) => ({ text: change.value, ...(change.added ? { added: true } : {}), ...(change.removed ? { removed: true } : {}) }));
}

/**
 * A revision's document against the current one, field by field, in the
 * registry's order and words (ADR 037); long text is diffed by word.
 * `current` null: the document is gone (deleted), every field is shown.
 */
export function diffDocuments(type: ContentEntityType, revision: ContentDocument, current: ContentDocument | null): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  for (const spec of CONTENT_FIELDS[type]) {
    const then = spec.get(revision);
    const now = current ? spec.get(current) : undefined;
    if (current && sameValue(then, now)) continue;
    const revisionText = spec.format(then);
    const currentText = current ? spec.format(now) : "";
    if (current && revisionText === currentText) continue;
    if (!current && revisionText === "") continue;
    const segments = spec.long && current ? wordDiff(revisionText, currentText) : undefined;
    diffs.push({ field: spec.key, label: spec.label, revision: revisionText, current: currentText, ...(segments ? { segments } : {}) });
  }
  return diffs;
}
