import { Readable } from "node:stream";
import { backupForDownload, BackupUnderWayError } from "~/server/backup/backup-download.server";
import { encryptionKeyFromEnv } from "~/server/backup/backup-env.server";
import { canManageBackups } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { getEnv } from "~/server/env.server";
import { jsonError, methodNotAllowedJson } from "~/server/http.server";
import { getMediaStorage } from "~/server/media/storage.server";
import { getPrivateStore } from "~/server/media/private-store.server";
import type { Route } from "./+types/backup-download";

/** Only the button's POST: making a backup is work and is logged, never a GET. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageBackups });
  return methodNotAllowedJson(["POST"]);
}

/** POST /admin/backups/download: a backup made now, streamed as a download (admins; issue 49), also with no backup directory set. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedJson(["POST"]);
  const viewer = await requireUser(request, { can: canManageBackups });
  try {
    const backup = await backupForDownload({
      actor: viewer,
      ip: context.clientIp,
      storage: getMediaStorage(),
      privateStore: getPrivateStore(),
      key: encryptionKeyFromEnv(getEnv()),
      now: context.clock.now(),
    });
    return new Response(Readable.toWeb(backup.body) as ReadableStream, {
      headers: {
        "Content-Type": backup.encrypted ? "application/octet-stream" : "application/gzip",
        "Content-Length": String(backup.bytes),
        "Content-Disposition": `attachment; filename="${backup.name}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof BackupUnderWayError) return jsonError(409, error.message);
    throw error;
  }
}
