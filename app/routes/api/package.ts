import { badBodyResponse, readBody } from "~/server/forms/form-input.server";
import { jsonError, methodNotAllowedJson, notFoundJson, parseId } from "~/server/http.server";
import { conflictJson, readBaseVersion, versionTag } from "~/server/content/versions-http.server";
import { toPackagesJson } from "~/server/package/package-json.server";
import { getPackageInput, packageFieldsError, parsePackageBody } from "~/server/package/package-input.server";
import { deletePackage, updatePackage } from "~/server/package/package-mutations.server";
import { getPackage } from "~/server/package/package-queries.server";
import { canSeeDrafts } from "~/server/auth/access.server";
import { getViewer, requireUser } from "~/server/auth/guard.server";
import type { Route } from "./+types/package";

/** GET /api/packages/:id (or slug): drafts only for signed-in staff. The ETag is its version (ADR 037). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const row = await getPackage(params.id, { includeDrafts: canSeeDrafts(viewer) });
  if (!row) return notFoundJson("Package");
  const [json] = await toPackagesJson([row]);
  return Response.json(json, { headers: { "Cache-Control": "no-cache", ETag: versionTag(row.revision) } });
}

/**
 * PUT /api/packages/:id: the fields sent replace the stored ones (the spec's
 * admin payload or any part of the full model); 200 with the package.
 * DELETE /api/packages/:id: 204, and GET answers 404 from then on.
 * With `If-Match: "<version>"` (or a `version` field) a write based on an
 * older version is refused with 409; without one, the last writer wins.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowedJson(["GET", "PUT", "DELETE"]);
  const viewer = await requireUser(request, { role: "editor" });
  const ctx = { viewer, ip: context.clientIp };
  const id = parseId(params.id);
  if (!id) return notFoundJson("Package");

  if (request.method === "DELETE") {
    const base = readBaseVersion(request, null);
    if (!base.ok) return base.response;
    const deleted = await deletePackage(id, ctx, { expectedVersion: base.version });
    if (!deleted) return notFoundJson("Package");
    if (!deleted.ok) return "conflict" in deleted ? conflictJson("package", deleted.conflict) : jsonError(409, Object.values(deleted.fields)[0]!);
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  }

  const body = await readBody(request);
  if (!body) return badBodyResponse();
  const base = readBaseVersion(request, body);
  if (!base.ok) return base.response;
  const existing = await getPackageInput(id);
  if (!existing) return notFoundJson("Package");
  const parsed = parsePackageBody(body, existing.input);
  if (!parsed.ok) return packageFieldsError(parsed.fields);
  const result = await updatePackage(id, parsed.input, ctx, { expectedVersion: base.version });
  if (!result) return notFoundJson("Package");
  if (!result.ok) return "conflict" in result ? conflictJson("package", result.conflict) : packageFieldsError(result.fields);
  const [json] = await toPackagesJson([result.row]);
  return Response.json(json, { headers: { "Cache-Control": "no-store", ETag: versionTag(result.row.revision) } });
}
