import type express from "express";
import { z } from "zod";

/**
 * The load balancer's id of a request (ADR 093): nginx's `$request_id` (32
 * hex digits, `proxy_set_header X-Request-Id $request_id`) or a UUID, as
 * other balancers send. nginx sends the same id when it retries the request
 * on the next server, so a public form post stored by the first server is not
 * stored again by the second.
 */
export const requestIdSchema = z.string().regex(/^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i);

/**
 * X-Request-Id, only when the connection comes from a proxy TRUST_PROXY
 * trusts (as X-Forwarded-For) and the id is well-formed; otherwise null, and
 * the post is stored as it always was. A client gains nothing by sending one
 * of its own: ADR 093.
 */
export function balancerRequestId(req: express.Request): string | null {
  const header = req.headers["x-request-id"];
  if (typeof header !== "string") return null;
  const trust = req.app.get("trust proxy fn") as ((address: string | undefined, hop: number) => boolean) | undefined;
  if (!trust?.(req.socket.remoteAddress, 0)) return null;
  const parsed = requestIdSchema.safeParse(header);
  return parsed.success ? parsed.data.toLowerCase() : null;
}
