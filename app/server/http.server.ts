import { data } from "react-router";

/** JSON error body shared by every API route: `{ error, fields? }`. */
export type ApiError = { error: string; fields?: Record<string, string> };

export function jsonError(status: number, error: string, fields?: Record<string, string>) {
  return Response.json({ error, ...(fields ? { fields } : {}) } satisfies ApiError, {
    status,
    headers: { "Cache-Control": "no-store" },
  });
}

export function notFoundJson(what: string) {
  return jsonError(404, `${what} not found`);
}

/** Thrown from page loaders to render the route's 404 boundary. */
export function notFoundPage(message: string) {
  return data({ message }, { status: 404 });
}

/** Parses a path parameter as a positive integer id, or null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
