import { data } from "react-router";
import { canIssueDocuments } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { documentFileName, storedDocumentPdf } from "~/server/document/documents.server";
import type { Route } from "./+types/booking-document";

/**
 * GET /admin/bookings/:ref/documents/:id: a tax document's PDF as it was
 * issued (ADR 092): the stored bytes, never drawn again. Both roles.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, { can: canIssueDocuments });
  const id = Number(params.id);
  const document = Number.isSafeInteger(id) && id > 0 ? await storedDocumentPdf(params.ref, id) : null;
  if (!document) throw data({ error: "There is no such document on this booking." }, { status: 404 });
  return new Response(new Uint8Array(document.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${documentFileName(document.number)}"`,
      "Cache-Control": "private, no-store",
      // The bytes never change: their hash is their version.
      ETag: `"${document.sha256}"`,
    },
  });
}
