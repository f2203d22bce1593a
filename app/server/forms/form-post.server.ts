import type { z } from "zod";
import { getLogger } from "~/server/logger.server";
import { methodNotAllowedJson, rateLimitedJson, storageUnavailableJson } from "~/server/http.server";
import { badBodyResponse, isHoneypotFilled, readBody, validationErrorResponse } from "./form-input.server";
import { RATE_LIMITED_MESSAGE, takeFormPost } from "./form-rate-limit.server";

/**
 * Who sent a public form post, from the load context: the client's address
 * (the form budget) and the load balancer's id of the request, which the store
 * keeps so that the same request retried on another server stores nothing new
 * (ADR 093).
 */
export type FormPoster = { clientIp: string; requestId?: string | null };

/**
 * What every public form action checks before reading the body, whichever URL
 * reached it (/api/leads, /api/leads.data, /api/%6ceads ...): POST only, then
 * one post from the client's budget. Null when the post may go ahead.
 */
export async function refuseApiFormPost(request: Request, clientIp: string): Promise<Response | null> {
  if (request.method !== "POST") return methodNotAllowedJson(["POST"]);
  const { allowed, retryAfterSeconds } = await takeFormPost(clientIp);
  return allowed ? null : rateLimitedJson(RATE_LIMITED_MESSAGE, retryAfterSeconds);
}

/**
 * Page form actions (no JavaScript): only POST runs them. Other methods get a
 * 405 and store nothing. Returns whether the client's budget allows the post.
 */
export async function checkPageFormPost(request: Request, clientIp: string): Promise<{ allowed: boolean }> {
  if (request.method !== "POST") {
    throw new Response("Method not allowed", { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  }
  return { allowed: (await takeFormPost(clientIp)).allowed };
}

/** Logs a failed store once and answers 503: the visitor should try again, nothing was half-stored. */
export function storageFailedJson(what: string, error: unknown): Response {
  getLogger().error({ err: error }, `${what} could not be stored`);
  return storageUnavailableJson();
}

/**
 * A public JSON form endpoint's whole answer (the popup's /api/leads, the
 * package page's /api/enquiries): POST and the form budget, a readable body,
 * the honeypot (a bot gets the normal 201 and nothing is stored), the input's
 * schema, then `store`. 201 with `createdMessage` once stored; `store` may
 * answer a refusal of its own instead; 503 when the database cannot store it.
 */
export async function answerApiFormPost<Input>(
  request: Request,
  poster: FormPoster,
  form: {
    what: string;
    schema: z.ZodType<Input>;
    createdMessage: string;
    /** `requestId`: store it with the row, and store nothing new when a row already has it (ADR 093). */
    store: (input: Input, requestId: string | null) => Promise<Response | void>;
  },
): Promise<Response> {
  const refused = await refuseApiFormPost(request, poster.clientIp);
  if (refused) return refused;
  const body = await readBody(request);
  if (!body) return badBodyResponse();
  const created = () => Response.json({ ok: true, message: form.createdMessage }, { status: 201, headers: { "Cache-Control": "no-store" } });
  if (isHoneypotFilled(body)) return created();
  const parsed = form.schema.safeParse(body);
  if (!parsed.success) return validationErrorResponse(parsed.error);
  try {
    const refusal = await form.store(parsed.data, poster.requestId ?? null);
    if (refusal) return refusal;
  } catch (error) {
    return storageFailedJson(form.what, error);
  }
  return created();
}
