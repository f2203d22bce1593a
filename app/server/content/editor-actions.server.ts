import { saveFailure, type SaveFailure } from "~/lib/save-failure";
import { getLogger } from "~/server/logger.server";
import { data } from "react-router";
import { formatDayTime, parseIndianDateTime } from "~/lib/admin-format";
import type { EditConflict } from "~/lib/revisions";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { ContentWriteContext } from "./content-write.server";
import type { DocumentAdapter, DocumentWriteResult, FieldErrors, VersionOptions } from "./document-adapter.server";
import { cancelScheduledPublishing, discardDraftChanges, saveDraftChanges, schedulePublishing } from "./draft-changes.server";

/**
 * What an editor's form asks for beyond its fields (ADR 037), the same for
 * packages and blogs: which button (`intent`), the version it loaded
 * (`baseVersion`, a hidden field), the version "Overwrite with mine" accepts
 * (`overwriteVersion`, the button's value) and "Publish at" (`publishAt`,
 * a datetime-local in Indian time).
 */
const EDITOR_INTENTS = ["save", "save-draft", "discard-draft", "schedule", "unschedule", "delete"] as const;
export type EditorIntent = (typeof EDITOR_INTENTS)[number];

type EditorRequest = { intent: EditorIntent; options: VersionOptions; publishAt: Date | null; publishAtText: string };

/** "Overwrite with mine" sends `overwrite=<version>:<intent>`: the version the conflict named, and the button first pressed. */
const OVERWRITE = /^(\d{1,9}):([a-z-]+)$/;

const whole = (value: FormDataEntryValue | null) => (typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : undefined);

export function readEditorRequest(formData: FormData): EditorRequest {
  const overwrite = OVERWRITE.exec(String(formData.get("overwrite") ?? ""));
  const intent = overwrite ? overwrite[2]! : String(formData.get("intent") ?? "save");
  const baseVersion = whole(formData.get("baseVersion"));
  const overwriteVersion = overwrite ? Number(overwrite[1]) : undefined;
  const publishAtText = String(formData.get("publishAt") ?? "").trim();
  return {
    intent: (EDITOR_INTENTS as readonly string[]).includes(intent) ? (intent as EditorIntent) : "save",
    // "Overwrite with mine": based on the version the conflict named, merged from the one first loaded.
    options: overwriteVersion !== undefined ? { expectedVersion: overwriteVersion, mergeFrom: baseVersion } : { expectedVersion: baseVersion },
    publishAt: publishAtText ? parseIndianDateTime(publishAtText) : null,
    publishAtText,
  };
}

/** What an editor's action returns when it does not redirect: field errors, or a conflict (409) with what the editor shows. */
export type EditorActionResult = { errors: Record<string, string[] | null>; notice: string; conflict?: EditConflict & { intent: EditorIntent } };

export const FAILED_NOTICE = "Something went wrong!";
const PUBLISH_AT_MESSAGE = "Choose the date and time to publish (Indian time).";

export function fieldErrorsData(fields: FieldErrors, status = 400) {
  const errors = Object.fromEntries(Object.entries(fields).map(([name, message]) => [name, [message]]));
  return data<EditorActionResult>({ errors, notice: FAILED_NOTICE }, { status });
}

/** 409: the editor keeps every typed value and shows who changed what (its loaders are not revalidated after a 4xx). */
export function conflictData(conflict: EditConflict, intent: EditorIntent) {
  return data<EditorActionResult>({ errors: {}, notice: "", conflict: { ...conflict, intent } }, { status: 409 });
}

/** A refused write as the editor's answer; null when it went through. */
export function refusal(
  result: DocumentWriteResult | { ok: true } | { ok: false; fields: FieldErrors } | { ok: false; conflict: EditConflict },
  intent: EditorIntent,
) {
  if (result.ok) return null;
  return "conflict" in result ? conflictData(result.conflict, intent) : fieldErrorsData(result.fields);
}

/**
 * The intents that leave the live document alone (draft changes, schedules),
 * for any DocumentAdapter. `live` says whether the document is published now
 * ("Publish at" then schedules draft changes). Null for "save" and "delete",
 * which each editor handles itself; a missing document throws 404.
 */
export async function runDocumentIntent<I>(
  adapter: DocumentAdapter<I>,
  id: number,
  request: EditorRequest,
  value: () => unknown,
  ctx: ContentWriteContext,
  { live, editorPath }: { live: boolean; editorPath: string },
) {
  let result: DocumentWriteResult | null;
  let notice: string;
  switch (request.intent) {
    case "save-draft":
      result = await saveDraftChanges(adapter, id, value(), ctx, request.options);
      notice = "Draft changes saved. The live page is unchanged.";
      break;
    case "discard-draft":
      result = await discardDraftChanges(adapter, id, ctx, request.options);
      notice = "Draft changes discarded.";
      break;
    case "unschedule":
      result = await cancelScheduledPublishing(adapter, id, ctx, request.options);
      notice = "Scheduled publishing cancelled.";
      break;
    case "schedule": {
      const publishAt = request.publishAt;
      if (!publishAt) return fieldErrorsData({ publishAt: PUBLISH_AT_MESSAGE });
      result = live
        ? await saveDraftChanges(adapter, id, value(), ctx, { ...request.options, publishAt })
        : await schedulePublishing(adapter, id, value(), publishAt, ctx, request.options);
      notice = `${live ? "Draft changes saved. They" : "It"} will be published on ${formatDayTime(publishAt)}.`;
      break;
    }
    default:
      return null;
  }
  if (!result) throw data(null, { status: 404 });
  return refusal(result, request.intent) ?? redirectWithNotice(editorPath, { kind: "success", message: notice });
}

/**
 * Runs an editor's save; a failure inside the server (the database refused or
 * was gone) is logged and answered 503 with the values that were sent, so the
 * form comes back exactly as typed, with its Retry, with or without
 * JavaScript (ADR 040). Refusals and redirects pass through untouched.
 */
export async function keepSentValuesOnFailure<T, V>(what: string, sent: () => V, save: () => Promise<T>) {
  try {
    return await save();
  } catch (error) {
    // Thrown responses (404, redirects) are answers, not failures.
    if (!(error instanceof Error)) throw error;
    // The reason only: a failed query's message carries every value sent (personal data, whole texts).
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    getLogger().error({ error: error.name, cause: cause ?? error.message.split("\n")[0]?.slice(0, 200) }, `${what} failed`);
    return data<SaveFailure & { sent: V }>({ ...saveFailure("server"), sent: sent() }, { status: 503 });
  }
}

/** The text fields of a posted form, as a browser copy keeps them (useFormDraft). */
export function sentFields(formData: FormData): [string, string][] {
  return [...formData].filter((entry): entry is [string, string] => typeof entry[1] === "string");
}
