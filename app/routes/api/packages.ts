import { badBodyResponse, readBody } from "~/server/forms/form-input.server";
import { methodNotAllowedJson } from "~/server/http.server";
import { toPackagesJson } from "~/server/package/package-json.server";
import { packageFieldsError, parsePackageBody } from "~/server/package/package-input.server";
import { createPackage } from "~/server/package/package-mutations.server";
import { listPackages } from "~/server/package/package-queries.server";
import { canSeeDrafts } from "~/server/auth/access.server";
import { getViewer, requireUser } from "~/server/auth/guard.server";
import type { Route } from "./+types/packages";

/** GET /api/packages: published packages; signed-in staff also see drafts. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const rows = await listPackages({ includeDrafts: canSeeDrafts(viewer) });
  return Response.json(await toPackagesJson(rows), { headers: { "Cache-Control": "no-cache" } });
}

/**
 * POST /api/packages: the spec's admin payload or the full model; 201 with the
 * created package (a draft unless `status` says otherwise).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedJson(["GET", "POST"]);
  const viewer = await requireUser(request, { role: "editor" });
  const body = await readBody(request);
  if (!body) return badBodyResponse();
  const parsed = parsePackageBody(body);
  if (!parsed.ok) return packageFieldsError(parsed.fields);
  const result = await createPackage(parsed.input, { viewer, ip: context.clientIp });
  if (!result.ok) return packageFieldsError(result.fields);
  const [json] = await toPackagesJson([result.row]);
  return Response.json(json, {
    status: 201,
    headers: { "Cache-Control": "no-store", Location: `/api/packages/${result.row.id}` },
  });
}
