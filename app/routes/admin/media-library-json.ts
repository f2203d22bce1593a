import { parseLibrarySearch } from "~/lib/media-library";
import { canEditContent } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { listLibrary } from "~/server/media-library/media-library.server";
import type { Route } from "./+types/media-library-json";

/**
 * The "Choose from library" dialog's list (ADR 043): the library's search as
 * JSON, for editors and admins only, never cached.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canEditContent });
  const page = await listLibrary(parseLibrarySearch(new URL(request.url).searchParams));
  return Response.json(page, { headers: { "Cache-Control": "no-store" } });
}
