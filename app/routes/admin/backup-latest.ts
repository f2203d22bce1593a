import { Readable } from "node:stream";
import { latestBackup } from "~/server/backup/backup-job.server";
import { getBackupStore } from "~/server/backup/backup-store.server";
import { canManageBackups } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { jsonError } from "~/server/http.server";
import type { Route } from "./+types/backup-latest";

/** GET /admin/backups/latest: the newest automatic backup, from BACKUP_DIR or the bucket, as a download (admins; ADRs 054, 063). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageBackups });
  const store = getBackupStore();
  const latest = store ? await latestBackup(store) : null;
  if (!store || !latest)
    return jsonError(404, store ? "There is no backup yet." : "Automatic backups are off: neither BACKUP_DIR nor BACKUP_S3_PREFIX is set.");
  const { body, bytes } = await store.read(latest.name);
  return new Response(Readable.toWeb(body) as ReadableStream, {
    headers: {
      "Content-Type": latest.name.endsWith(".tar.gz") ? "application/gzip" : "application/octet-stream",
      "Content-Length": String(bytes),
      "Content-Disposition": `attachment; filename="${latest.name}"`,
      "Cache-Control": "no-store",
    },
  });
}
