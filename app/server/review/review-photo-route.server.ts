import { data } from "react-router";
import { getPrivateStore } from "~/server/media/private-store.server";
import { reviewPhotoFile } from "./review-photos.server";

/**
 * A review photo's bytes (ADR 118). The public address answers only while the
 * review is published, so hiding a review hides its photos at once on this
 * server (a shared cache may keep a copy for PUBLIC_MAX_AGE); the team's
 * address (requireUser first) answers for any review, never cached.
 */
const PUBLIC_MAX_AGE = 300;

const notFound = () => data({ error: "Not found" }, { status: 404, headers: { "Cache-Control": "no-store" } });

export async function answerReviewPhoto(fileName: string | undefined, { staff }: { staff: boolean }): Promise<Response> {
  const found = await reviewPhotoFile(fileName ?? "");
  if (!found || (!staff && found.status !== "published")) throw notFound();
  let bytes: Buffer;
  try {
    bytes = await getPrivateStore().read(found.fileKey);
  } catch {
    throw notFound();
  }
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.length),
      "Cache-Control": staff ? "private, no-store" : `public, max-age=${PUBLIC_MAX_AGE}`,
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
