import { redirect } from "react-router";
import type { Route } from "./+types/legacy-brochure";

/**
 * The addresses of the old hand-made PDFs (/brochures/bali.pdf, /brochures/dubai.pdf)
 * and any other /brochures/{slug}.pdf: permanently the package's live brochure (ADR 042).
 */
export function loader({ params }: Route.LoaderArgs) {
  const match = /^([a-z0-9][a-z0-9-]{0,150})\.pdf$/.exec(params.file);
  if (!match) throw new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return redirect(`/packages/${match[1]}/brochure.pdf`, 301);
}
