import { randomBytes } from "node:crypto";
import type { GroupDate } from "~/lib/content-types";

/** A new departure id: "d" and 11 url-safe characters (the migration's backfill has the same form). */
function newDepartureId(): string {
  return `d${randomBytes(8).toString("base64url").slice(0, 11)}`;
}

/**
 * Every departure with its stable id (ADR 059). One without an id (a new row,
 * a draft or revision from before ids) takes the id of the stored departure
 * with the same start and name, else a new one. Ids are never repeated within
 * a package.
 */
export function withDepartureIds<T extends GroupDate>(dates: readonly T[], stored: readonly GroupDate[] = []): (T & { id: string })[] {
  const used = new Set<string>();
  const result: (T & { id: string })[] = [];
  for (const date of dates) {
    let id = date.id && !used.has(date.id) ? date.id : undefined;
    if (!id) id = stored.find((old) => old.id && !used.has(old.id) && old.start === date.start && old.name === date.name)?.id;
    if (!id) id = newDepartureId();
    used.add(id);
    result.push({ ...date, id });
  }
  return result;
}
