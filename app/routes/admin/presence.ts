import { isContentEntityType } from "~/lib/content-fields";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { heartbeat } from "~/server/content/presence.server";
import { readBody } from "~/server/forms/form-input.server";
import { jsonError, methodNotAllowedJson } from "~/server/http.server";
import type { Route } from "./+types/presence";

/** Only the heartbeat's POST: nothing to read here. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditContent });
  return methodNotAllowedJson(["POST"]);
}

/**
 * POST /admin/presence `{ entityType, entityId, leaving? }`: an open editor's
 * heartbeat (every 30 s); answers `{ editors: [{ name, since }] }`, the others
 * there now (ADR 037). It blocks no one.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedJson(["POST"]);
  const viewer = await requireUser(request, { can: canEditContent });
  const body = await readBody(request);
  const type = body?.entityType;
  const id = typeof body?.entityId === "string" || typeof body?.entityId === "number" ? String(body.entityId) : "";
  if (!isContentEntityType(type) || !/^[\w-]{1,60}$/.test(id)) return jsonError(400, "Send entityType and entityId.");
  const editors = await heartbeat(viewer, type, id, { leaving: body?.leaving === "1" || body?.leaving === true });
  return Response.json({ editors }, { headers: { "Cache-Control": "no-store" } });
}
