import fs from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import { getDatabaseKind, getDb } from "~/server/db/db.server";
import { notificationOutbox as jobs } from "~/server/db/schema.server";
import { nudgeJobs } from "~/server/jobs/jobs.server";
import type { JobHandler } from "~/server/jobs/worker.server";
import { getMediaStorage } from "~/server/media/storage.server";
import { createBackup } from "./backup.server";

/**
 * Automatic backups (ADR 054): a job of the job queue (ADR 050), type
 * "backup". The scheduler queues one a day at BACKUP_SCHEDULE (IST), exactly
 * once across servers (the queue's unique subject: "backup-day", the date);
 * "Back up now" queues one for the current minute. The handler writes the
 * archive into BACKUP_DIR and prunes it to 7 daily, 4 weekly, 6 monthly.
 */
export const BACKUP_JOB = "backup";
const RETENTION = { daily: 7, weekly: 4, monthly: 6 };

const NAME = /^pravas-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.(tar\.gz|bak)$/;
const IST_MS = 5.5 * 3600_000;

export function backupFileName(at: Date, encrypted: boolean): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z");
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

type BackupStatus = { configured: boolean; latest: { name: string; at: Date; bytes: number } | null; stale: boolean };

/** For the dashboard: the newest backup in BACKUP_DIR, and whether none has succeeded for 48 hours. */
export async function backupStatus(backupDir: string | undefined, now = new Date()): Promise<BackupStatus> {
  if (!backupDir) return { configured: false, latest: null, stale: false };
  const latest = await latestBackup(backupDir);
  return { configured: true, latest, stale: !latest || now.getTime() - latest.at.getTime() > 48 * 3600_000 };
}

export async function latestBackup(backupDir: string): Promise<{ name: string; path: string; at: Date; bytes: number } | null> {
  const names = await fs.readdir(backupDir).catch(() => [] as string[]);
  const newest = names.filter((name) => parseName(name)).sort().at(-1);
  if (!newest) return null;
  const file = path.join(backupDir, newest);
  const stat = await fs.stat(file);
  return { name: newest, path: file, at: parseName(newest)!, bytes: stat.size };
}

/** The job's handler: one backup into `backupDir`, then the retention. */
export function backupJobHandler(options: { backupDir: string; key?: Buffer; logger?: Logger }): JobHandler {
  return async () => {
    await fs.mkdir(options.backupDir, { recursive: true, mode: 0o700 });
    const file = path.join(options.backupDir, backupFileName(new Date(), Boolean(options.key)));
    const kind = getDatabaseKind();
    const result = await createBackup({ source: { db: getDb(), kind: kind === "postgres" ? "postgres" : "pglite" }, storage: getMediaStorage(), file, key: options.key });
    const names = await fs.readdir(options.backupDir);
    const keep = backupsToKeep(names);
    for (const name of names) if (parseName(name) && !keep.has(name)) await fs.rm(path.join(options.backupDir, name), { force: true });
    options.logger?.info({ file, bytes: result.bytes, ms: result.ms }, "backup written");
  };
}

/** Queues a backup job for `subject` (once: a repeat is ignored). */
async function queueBackup(subjectType: string, subjectId: number): Promise<void> {
  await getDb()
    .insert(jobs)
    .values({ channel: BACKUP_JOB, subjectType, subjectId, payload: {} })
    .onConflictDoNothing();
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


