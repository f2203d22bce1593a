import type { z } from "zod";
import { jsonError } from "~/server/http.server";

/**
 * Field that people never see (hidden with CSS, tab-skipped, autocomplete off).
 * Bots that fill every input fill it too: their post gets the normal success
 * answer and nothing is stored.
 */
export const HONEYPOT_FIELD = "website";

/**
 * Text as the database can store it: PostgreSQL rejects NUL, and a lone UTF-16
 * surrogate (from JSON's "\\ud800") cannot be encoded. NULs are dropped and lone
 * surrogates become U+FFFD, so a stray byte never loses a visitor's enquiry.
 */
export function storableText(value: string): string {
  return value.replaceAll("\0", "").toWellFormed();
}

/** The body's top-level fields with storable text; nested values are left for the schema to refuse. */
function storableFields(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  // Object.fromEntries defines own properties, so a "__proto__" key is plain data.
  return Object.fromEntries(Array.from(entries, ([key, value]) => [storableText(key), typeof value === "string" ? storableText(value) : value]));
}

/** JSON nested deeper than this is refused before it is parsed: no content needs it, and walking it could overflow the stack. */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of objects and arrays in a JSON text, counted without parsing it (strings skipped). */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (char === 0x7d || char === 0x5d) depth--;
  }
  return deepest;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** Reads a JSON or form-encoded body into a plain object; null when unreadable or nested over MAX_JSON_DEPTH. */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const form = await request.formData();
      const fields: [string, string][] = [];
      for (const [key, value] of form) if (typeof value === "string") fields.push([key, value]);
      return storableFields(fields);
    }
    // JSON, and JSON posted as text/plain by some clients (sendBeacon, no-cors fetch).
    const text = await request.text();
    if (jsonNestingDepth(text) > MAX_JSON_DEPTH) return null;
    const body: unknown = text ? JSON.parse(text) : null;
    return isPlainObject(body) ? storableFields(Object.entries(body)) : null;
  } catch {
    return null;
  }
}

export function isHoneypotFilled(body: Record<string, unknown>): boolean {
  const value = body[HONEYPOT_FIELD];
  return typeof value === "string" && value.trim() !== "";
}

/** Zod issues as { field: first message }, for inline form errors and JSON answers. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The 400 answer for invalid input: names each bad field. */
export function validationErrorResponse(error: z.ZodError) {
  const fields = fieldErrors(error);
  const names = Object.keys(fields);
  return jsonError(400, `Please check ${names.join(", ")}: ${Object.values(fields)[0]}`, fields);
}

export function badBodyResponse() {
  return jsonError(400, `Send a JSON object (or form fields) in the request body, nested at most ${MAX_JSON_DEPTH} levels deep.`);
}
