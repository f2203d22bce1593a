import type { z } from "zod";
import { jsonError } from "~/server/http.server";

/**
 * Field that people never see (hidden with CSS, tab-skipped, autocomplete off).
 * Bots that fill every input fill it too: their post gets the normal success
 * answer and nothing is stored.
 */
export const HONEYPOT_FIELD = "website";

/** Reads a JSON or form-encoded body into a plain object; null when unreadable. */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/json")) {
      const body: unknown = await request.json();
      return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    }
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const form = await request.formData();
      const body: Record<string, unknown> = {};
      for (const [key, value] of form) if (typeof value === "string") body[key] = value;
      return body;
    }
    // Some clients (sendBeacon, no-cors fetch) post JSON as text/plain.
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : null;
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
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
  return jsonError(400, "Send a JSON object (or form fields) in the request body.");
}
