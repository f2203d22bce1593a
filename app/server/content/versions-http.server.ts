import { formatWhen } from "~/lib/admin-format";
import { describeChange, ENTITY_NOUNS, type ContentEntityType } from "~/lib/content-fields";
import type { EditConflict } from "~/lib/revisions";
import { jsonError } from "~/server/http.server";

/** A document version as an entity tag: `"7"` (ADR 037). */
export const versionTag = (version: number) => `"${version}"`;

const IF_MATCH_MESSAGE = 'If-Match must be a version the API sent as ETag, like "7", or *.';
const VERSION_FIELD_MESSAGE = "version must be a whole number: the version you read.";

/**
 * The version an API write is based on: the `If-Match` header (`"7"`,
 * `W/"7"`; `*` is any), else a `version` field in the body (taken out of it).
 * Neither: undefined, and the write is last-writer-wins (README, Packages API).
 */
export function readBaseVersion(request: Request, body: Record<string, unknown> | null): { ok: true; version?: number } | { ok: false; response: Response } {
  const header = request.headers.get("if-match")?.trim();
  if (body && "version" in body) {
    const { version, ...rest } = body;
    for (const key of Object.keys(body)) delete body[key];
    Object.assign(body, rest);
    if (!header) {
      const number = typeof version === "string" && /^\d{1,9}$/.test(version) ? Number(version) : version;
      if (typeof number !== "number" || !Number.isInteger(number) || number < 0)
        return { ok: false, response: jsonError(400, VERSION_FIELD_MESSAGE, { version: VERSION_FIELD_MESSAGE }) };
      return { ok: true, version: number };
    }
  }
  if (!header || header === "*") return { ok: true };
  const match = /^(?:W\/)?"(\d{1,9})"$/.exec(header);
  if (!match) return { ok: false, response: jsonError(400, IF_MATCH_MESSAGE) };
  return { ok: true, version: Number(match[1]) };
}

/** 409 in the one JSON error shape: who changed the document, when, what, and its current version (also the ETag). */
export function conflictJson(type: ContentEntityType, conflict: EditConflict) {
  const noun = ENTITY_NOUNS[type];
  const fields = Object.fromEntries(
    conflict.theirChanges
      ? conflict.theirChanges.map((change) => [change.field, describeChange(change)])
      : conflict.differing.map((diff) => [diff.field, `differs from the stored ${noun}`]),
  );
  const message =
    `This ${noun} was changed by ${conflict.by} at ${formatWhen(conflict.at)} (Indian time) and is now version ${conflict.version}; ` +
    `your change was based on version ${conflict.baseVersion}. Read it again, or send If-Match: "${conflict.version}" to overwrite it.`;
  const response = jsonError(409, message, Object.keys(fields).length ? fields : undefined, { version: conflict.version });
  response.headers.set("ETag", versionTag(conflict.version));
  return response;
}
