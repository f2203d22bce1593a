import { sql } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { jobs } from "~/server/db/schema.server";
import { isJobWorkerRunning } from "~/server/jobs/jobs.server";
import { getLogger } from "~/server/logger.server";
import { getMediaStorage } from "~/server/media/storage.server";

type Readiness = { ready: boolean; checks: { database: boolean; storage: boolean; jobs: boolean } };

const PROBE_KEY = "readiness-probe";
const TIMEOUT_MS = 2_000;

async function passes(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([check(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${TIMEOUT_MS} ms`)), TIMEOUT_MS)))]);
    return true;
  } catch (err) {
    getLogger().warn({ err }, "readiness check failed");
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this server can take traffic (issue 25 §4): the database answers,
 * the media storage answers (a lookup of a key that need not exist reaches
 * the disk or the bucket), and the job queue's table answers while this
 * process's worker runs. A load balancer sends nothing to a server that is not.
 */
export async function checkReadiness(): Promise<Readiness> {
  const [database, storage, queue] = await Promise.all([
    passes(() => getDb().execute(sql`select 1`)),
    passes(() => getMediaStorage().exists(PROBE_KEY)),
    passes(() =>
      getDb()
        .select({ id: jobs.id })
        .from(jobs)
        .where(sql`false`),
    ),
  ]);
  const checks = { database, storage, jobs: queue && isJobWorkerRunning() };
  return { ready: checks.database && checks.storage && checks.jobs, checks };
}
