/**
 * JSON error body shared by every API route: `{ error, fields? }`; a 409
 * (the document changed since the version sent) also carries the current
 * `version` (ADR 037).
 */
type ApiError = {
  error: string;
  fields?: Record<string, string>;
  version?: number;
  /** A full departure's free seats (bookings, ADR 088). */ free?: number | null;
};

export function jsonError(status: number, error: string, fields?: Record<string, string>, extra: Pick<ApiError, "version" | "free"> = {}) {
  return Response.json({ error, ...(fields ? { fields } : {}), ...extra } satisfies ApiError, {
    status,
    headers: { "Cache-Control": "no-store" },
  });
}

/** 405 with the methods the route does accept. */
export function methodNotAllowedJson(allow: string[]) {
  const response = jsonError(405, `Method not allowed: use ${allow.join(" or ")}.`);
  response.headers.set("Allow", allow.join(", "));
  return response;
}

/** 429 for a client whose form budget is spent. */
export function rateLimitedJson(message: string, retryAfterSeconds: number) {
  const response = jsonError(429, message);
  response.headers.set("Retry-After", String(retryAfterSeconds));
  return response;
}

/** 503 when the database could not store a visitor's request: they should try again. */
export const STORAGE_UNAVAILABLE_MESSAGE = "We could not save your request just now. Please try again in a few minutes.";

export function storageUnavailableJson() {
  const response = jsonError(503, STORAGE_UNAVAILABLE_MESSAGE);
  response.headers.set("Retry-After", "60");
  return response;
}

export function notFoundJson(what: string) {
  return jsonError(404, `${what} not found`);
}

/** Parses a path parameter as a positive integer id, or null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
