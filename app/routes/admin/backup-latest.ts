import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { latestBackup } from "~/server/backup/backup-job.server";
import { canManageBackups } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { getEnv } from "~/server/env.server";
import { jsonError } from "~/server/http.server";
import type { Route } from "./+types/backup-latest";

/** GET /admin/backups/latest: the newest automatic backup, as a download (admins; ADR 054). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageBackups });
  const { BACKUP_DIR } = getEnv();
  const latest = BACKUP_DIR ? await latestBackup(path.resolve(BACKUP_DIR)) : null;
  if (!latest) return jsonError(404, BACKUP_DIR ? "There is no backup yet." : "Automatic backups are off: BACKUP_DIR is not set.");
  return new Response(Readable.toWeb(fs.createReadStream(latest.path)) as ReadableStream, {
    headers: {
      "Content-Type": latest.name.endsWith(".tar.gz") ? "application/gzip" : "application/octet-stream",
      "Content-Length": String(latest.bytes),
      "Content-Disposition": `attachment; filename="${latest.name}"`,
      "Cache-Control": "no-store",
    },
  });
}
