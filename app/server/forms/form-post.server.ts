import { getLogger } from "~/server/logger.server";
import { methodNotAllowedJson, rateLimitedJson, storageUnavailableJson } from "~/server/http.server";
import { RATE_LIMITED_MESSAGE, takeFormPost } from "./form-rate-limit.server";

/**
 * What every public form action checks before reading the body, whichever URL
 * reached it (/api/leads, /api/leads.data, /api/%6ceads ...): POST only, then
 * one post from the client's budget. Null when the post may go ahead.
 */
export function refuseApiFormPost(request: Request, clientIp: string): Response | null {
  if (request.method !== "POST") return methodNotAllowedJson(["POST"]);
  const { allowed, retryAfterSeconds } = takeFormPost(clientIp);
  return allowed ? null : rateLimitedJson(RATE_LIMITED_MESSAGE, retryAfterSeconds);
}

/**
 * Page form actions (no JavaScript): only POST runs them. Other methods get a
 * 405 and store nothing. Returns whether the client's budget allows the post.
 */
export function checkPageFormPost(request: Request, clientIp: string): { allowed: boolean } {
  if (request.method !== "POST") {
    throw new Response("Method not allowed", { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  }
  return { allowed: takeFormPost(clientIp).allowed };
}

/** Logs a failed store once and answers 503: the visitor should try again, nothing was half-stored. */
export function storageFailedJson(what: string, error: unknown): Response {
  getLogger().error({ err: error }, `${what} could not be stored`);
  return storageUnavailableJson();
}
