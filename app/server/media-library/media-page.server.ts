import { data } from "react-router";
import { MEDIA_LIBRARY_PATH, mediaActionSchema, type MediaUse } from "~/lib/media-library";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import { deleteLibraryImage, replaceImageFile, setMediaAlt } from "./media-library.server";

/** What a refused library action answers (400/404/409): shown on the image's card, with what was typed. */
export type MediaActionData = { id: number; intent: string; message: string; field?: string; alt?: string; uses?: MediaUse[] };

/**
 * The library's actions (ADR 043): save an image's alt text, replace its
 * file, delete it. One Zod schema for the three forms; each change goes
 * through writeContent. Done: back to the same search with a notice.
 */
export async function handleMediaAction(request: Request, viewer: Viewer, ip?: string) {
  const formData = await request.formData();
  const sent = Object.fromEntries([...formData.entries()].map(([name, value]) => [name, typeof value === "string" ? value : ""]));
  const id = Number(sent.id) || 0;
  const intent = String(sent.intent ?? "");
  const parsed = mediaActionSchema.safeParse(sent);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "form");
    return data<MediaActionData>(
      { id, intent, field, message: issue?.message ?? "Please check the form.", alt: typeof sent.alt === "string" ? sent.alt : undefined },
      { status: 400 },
    );
  }
  const ctx = { viewer, ip };
  const action = parsed.data;
  const result =
    action.intent === "alt"
      ? await setMediaAlt(ctx, action.id, action.alt)
      : action.intent === "delete"
        ? await deleteLibraryImage(ctx, action.id)
        : await replaceImageFile(ctx, action.id, action.upload);
  if (!result.ok) {
    return data<MediaActionData>(
      {
        id: action.id,
        intent: action.intent,
        message: result.message,
        field: result.field,
        uses: result.uses,
        alt: action.intent === "alt" ? action.alt : undefined,
      },
      { status: result.uses ? 409 : 400 },
    );
  }
  const url = new URL(request.url);
  const back = `${MEDIA_LIBRARY_PATH}${url.search}${action.intent === "delete" ? "" : `#media-${action.id}`}`;
  return redirectWithNotice(back, { kind: "success", message: result.message });
}
