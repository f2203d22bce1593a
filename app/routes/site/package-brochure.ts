import { redirect } from "react-router";
import { canSeeDrafts } from "~/server/auth/access.server";
import { getViewer } from "~/server/auth/guard.server";
import { brochureErrorPage } from "~/server/brochure/brochure-error-page.server";
import { isUploadedBrochure } from "~/server/package/brochure-link.server";
import { brochureHeaders } from "~/server/brochure/brochure.server";
import { withDraftChanges } from "~/server/package/package-preview.server";
import { getPackage, listPackages } from "~/server/package/package-queries.server";
import { findRedirect } from "~/server/redirect/redirects.server";
import type { Route } from "./+types/package-brochure";

/**
 * GET /packages/{slug}/brochure.pdf: the package's brochure made from the
 * package as it is now (ADR 042); the draft for staff previewing it. An
 * uploaded PDF overrides it. Unknown or unpublished (for visitors): the 404
 * page; a renderer failure: 503, never half a PDF.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const found = await getPackage(params.slug, { includeDrafts: canSeeDrafts(await getViewer(request)) });
  if (!found) {
    const moved = await findRedirect(`/packages/${params.slug}`);
    if (moved) throw redirect(`${moved}/brochure.pdf${url.search}`, 308);
    return notFound();
  }
  if (found.slug !== params.slug) throw redirect(`/packages/${found.slug}/brochure.pdf${url.search}`, 308);
  const row = await withDraftChanges(request, found);
  if (isUploadedBrochure(row.brochureUrl)) throw redirect(row.brochureUrl, 302);

  const answer = await context.brochures.answer(row);
  if (answer.kind === "unavailable")
    return notFound("Brochure link not available", "This package has no brochure yet. Ask our team and we will send you the details.");
  if (answer.kind === "failed") {
    return brochureErrorPage(503, "Something went wrong", "Something went wrong while making this brochure. Please try again in a moment.");
  }
  const { brochure, from, etag } = answer;
  const headers = new Headers(brochureHeaders(brochure, from, etag));
  if (etag && request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(brochure.pdf.length));
  // The kept bytes themselves, not a copy per answer.
  return new Response(brochure.pdf as unknown as BodyInit, { status: 200, headers });
}

async function notFound(
  title = "We couldn't find that package",
  text = "The trip you are looking for may have been renamed or is no longer offered. Here are the packages we run today:",
) {
  const packages = (await listPackages()).map((pkg) => ({ href: `/packages/${pkg.slug}`, label: `${pkg.title} (${pkg.country})` }));
  return brochureErrorPage(404, title, text, packages);
}
