import type { ContentEntityType } from "~/lib/content-fields";
import { canSeeDrafts } from "~/server/auth/access.server";
import { getViewer } from "~/server/auth/guard.server";
import { getDraft } from "./drafts.server";

/** `?preview=changes` on a public page: staff see its draft changes under the Draft preview banner (ADR 037). */
const PREVIEW_PARAM = "preview";

/**
 * The draft changes a signed-in staff member asked to preview on a public
 * page, or null (no `?preview=changes`, a visitor, or no draft). Visitors
 * always get the live page; the page cache never keeps a preview (staff are
 * never served from or into it, and the parameter is not a cached one).
 */
export async function draftToPreview(request: Request, type: ContentEntityType, id: number) {
  if (new URL(request.url).searchParams.get(PREVIEW_PARAM) !== "changes") return null;
  if (!canSeeDrafts(await getViewer(request))) return null;
  return (await getDraft(type, id))?.document ?? null;
}
