import fs from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import { formatDate, formatDateTime } from "~/lib/admin-format";
import { z } from "zod";
import { getDatabaseKind, getDb } from "~/server/db/db.server";
import { defineJobType, enqueueJob, nudgeJobs, subjectOnceKey } from "~/server/jobs/jobs.server";
import { handleJob, type JobRegistration } from "~/server/jobs/worker.server";
import type { PrivateFileStore } from "~/server/media/private-store.server";
import type { MediaStorage } from "~/server/media/storage.server";
import { createBackup } from "./backup.server";
import type { BackupStore } from "./backup-store.server";

/** A backup of a big site takes minutes, not the 60 s an e-mail may (ADR 063). */
const BACKUP_JOB_TIMEOUT_MS = 30 * 60_000;

/**
 * Automatic backups (ADR 054): a job of the job queue's long lane (ADR 082),
 * type "backup", so an e-mail queued meanwhile is not held up. The scheduler
 * queues one a day at BACKUP_SCHEDULE (IST), exactly once across servers
 * (its once-key names the date); "Back up now" queues one for the current
 * minute. The handler writes the archive to the backup store (BACKUP_DIR or
 * BACKUP_S3_PREFIX, ADR 063) and prunes it to 7 daily, 4 weekly, 6 monthly.
 */
export const BACKUP_JOB = defineJobType({ name: "backup", lane: "long", payload: z.object({}), timeoutMs: BACKUP_JOB_TIMEOUT_MS });
const RETENTION = { daily: 7, weekly: 4, monthly: 6 };

const NAME = /^pravas-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.(tar\.gz|bak)$/;
const IST_MS = 5.5 * 3600_000;

export function backupFileName(at: Date, encrypted: boolean): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
  return `pravas-${stamp}.${encrypted ? "bak" : "tar.gz"}`;
}

function parseName(name: string): Date | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
}

/** The backups to keep: the newest of each of the last 7 days, 4 weeks (from Monday) and 6 months with a backup, by Indian time. */
export function backupsToKeep(names: string[]): Set<string> {
  const dated = names.flatMap((name) => {
    const at = parseName(name);
    return at ? [{ name, ist: new Date(at.getTime() + IST_MS) }] : [];
  });
  dated.sort((a, b) => b.ist.getTime() - a.ist.getTime());
  const keep = new Set<string>();
  const rule = (count: number, bucket: (ist: Date) => string) => {
    const seen = new Set<string>();
    for (const { name, ist } of dated) {
      const key = bucket(ist);
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      keep.add(name);
    }
  };
  rule(RETENTION.daily, (ist) => ist.toISOString().slice(0, 10));
  rule(RETENTION.weekly, (ist) => {
    const monday = new Date(ist.getTime() - ((ist.getUTCDay() + 6) % 7) * 86_400_000);
    return monday.toISOString().slice(0, 10);
  });
  rule(RETENTION.monthly, (ist) => ist.toISOString().slice(0, 7));
  return keep;
}

type BackupStatus = { configured: boolean; location?: string; latest: { name: string; at: Date; bytes: number } | null; stale: boolean };

/** For the dashboard: the newest automatic backup, and whether none has succeeded for 48 hours. */
export async function backupStatus(store: BackupStore | undefined, now = new Date()): Promise<BackupStatus> {
  if (!store) return { configured: false, latest: null, stale: false };
  const latest = await latestBackup(store);
  return { configured: true, location: store.location, latest, stale: !latest || now.getTime() - latest.at.getTime() > 48 * 3600_000 };
}

export async function latestBackup(store: BackupStore): Promise<{ name: string; at: Date; bytes: number } | null> {
  const newest = (await store.list())
    .filter((backup) => parseName(backup.name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .at(-1);
  return newest ? { ...newest, at: parseName(newest.name)! } : null;
}

/**
 * The job's handler: one backup into the store, then the retention. `storage`
 * is the server's media storage, given at start: the worker starts before the
 * app sets it, and the day's backup may be due at once (ADR 082).
 */
export function backupJobHandler(options: {
  store: BackupStore;
  storage: MediaStorage;
  /** Payment proofs (ADR 114), archived with the media. */
  privateStore?: PrivateFileStore;
  key?: Buffer;
  logger?: Logger;
}): JobRegistration {
  return handleJob(BACKUP_JOB, async (_job, { signal }) => {
    const { store } = options;
    await fs.mkdir(store.stagingDir, { recursive: true, mode: 0o700 });
    const name = backupFileName(new Date(), Boolean(options.key));
    const file = path.join(store.stagingDir, name);
    const kind = getDatabaseKind();
    const result = await createBackup({
      source: { db: getDb(), kind: kind === "postgres" ? "postgres" : "pglite" },
      storage: options.storage,
      privateStore: options.privateStore,
      file,
      key: options.key,
      signal,
    });
    signal.throwIfAborted();
    await store.keep(file, name, signal);
    const names = (await store.list()).map((backup) => backup.name);
    const keep = backupsToKeep(names);
    for (const old of names) if (parseName(old) && !keep.has(old)) await store.remove(old);
    options.logger?.info({ location: store.location, name, bytes: result.bytes, ms: result.ms }, "backup written");
  });
}

/** Queues a backup job about `subject`, once (from any server): a repeat is ignored. */
async function queueBackup(subjectType: "backup-day" | "backup-now", subjectId: number): Promise<void> {
  const subject = { type: subjectType, id: subjectId };
  await enqueueJob(getDb(), BACKUP_JOB, { payload: {}, subject, onceKey: subjectOnceKey(BACKUP_JOB, subject) });
  nudgeJobs();
}

/** "Back up now": one job per minute, however often the button is pressed. */
export function queueBackupNow(now = new Date()): Promise<void> {
  return queueBackup("backup-now", Math.floor(now.getTime() / 60_000));
}

/** The IST date (yyyymmdd) whose scheduled backup is due at `now`, or null before the day's time. */
export function dueBackupDay(schedule: string, now: Date): number | null {
  if (schedule === "off") return null;
  const [hours, minutes] = schedule.split(":").map(Number) as [number, number];
  const ist = new Date(now.getTime() + IST_MS);
  if (ist.getUTCHours() * 60 + ist.getUTCMinutes() < hours * 60 + minutes) return null;
  return Number(ist.toISOString().slice(0, 10).replace(/-/g, ""));
}

/** What a backup job is about, in the team's words (the dashboard's failing list); null for another subject. */
export function backupJobAbout(subjectType: string, subjectId: number): string | null {
  if (subjectType === "backup-day") {
    const day = String(subjectId); // yyyymmdd in IST (dueBackupDay)
    return `Daily backup of ${formatDate(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T12:00:00+05:30`)}`;
  }
  // The minute "Back up now" was pressed (queueBackupNow).
  if (subjectType === "backup-now") return `Backup asked for at ${formatDateTime(new Date(subjectId * 60_000))}`;
  return null;
}

/** Checks every minute whether today's backup is due and queues it (once across servers). Returns stop. */
export function startBackupScheduler(options: { schedule: string; logger?: Logger; pollMs?: number }): () => void {
  const tick = () => {
    const day = dueBackupDay(options.schedule, new Date());
    if (day !== null) void queueBackup("backup-day", day).catch((error: unknown) => options.logger?.error({ err: error }, "could not queue the daily backup"));
  };
  const timer = setInterval(tick, options.pollMs ?? 60_000);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}
