import { data } from "react-router";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { loadRevisionDetail } from "~/server/content/history-page.server";
import { parseId } from "~/server/http.server";
import { contentRegistry } from "~/server/registry/content-registry.server";
import type { Route } from "./+types/revision-detail";

/**
 * GET /admin/history/:revisionId/detail: one revision against the current
 * version as JSON, for the editors' History panel. A plain fetch rather than
 * a fetcher keeps useFetcher out of the router chunk every public page loads.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request, { can: canEditContent });
  const id = parseId(params.revisionId);
  const detail = id ? await loadRevisionDetail(id, viewer, contentRegistry) : null;
  if (!detail) throw data(null, { status: 404 });
  return Response.json(detail, { headers: { "Cache-Control": "private, no-store" } });
}
