import { queueBackupNow } from "~/server/backup/backup-job.server";
import { getBackupStore } from "~/server/backup/backup-store.server";
import { redirectWithNotice } from "~/server/admin/notice.server";
import { canManageBackups } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { methodNotAllowedJson } from "~/server/http.server";
import type { Route } from "./+types/backup-now";

const BACKUPS = "/admin/dashboard#backups";

/** Only the button's POST. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageBackups });
  return methodNotAllowedJson(["POST"]);
}

/** POST /admin/backups/now: "Back up now" queues a backup job (ADR 054); the dashboard shows it once written. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedJson(["POST"]);
  await requireUser(request, { can: canManageBackups });
  if (!getBackupStore())
    return redirectWithNotice(BACKUPS, { kind: "error", message: "Automatic backups are off: set BACKUP_DIR or BACKUP_S3_PREFIX on the server first." });
  await queueBackupNow(context.clock.now());
  return redirectWithNotice(BACKUPS, { kind: "success", message: "A backup is under way. Its time and size appear here once it is written." });
}
