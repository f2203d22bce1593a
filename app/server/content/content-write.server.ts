import { recordActivity, type ActivityEntry } from "~/server/activity/activity.server";
import type { Viewer } from "~/server/auth/guard.server";
import { bumpContentVersion, noteContentWritten } from "~/server/cache/content-version.server";
import { getDb, type Db } from "~/server/db/db.server";
import { getLogger } from "~/server/logger.server";

/** Who writes content, and from where (load context `clientIp`). */
export type ContentWriteContext = { viewer: Viewer; ip?: string | null };

/** What one content change did: its result, its activity entries, and work for after the commit. */
export type ContentChange<T> = {
  result: T;
  /** Activity entries recorded in the same transaction (actor and ip are filled in). */
  activity?: Omit<ActivityEntry, "actor" | "ip">[];
  /** Runs once the transaction committed (e.g. deleting media no longer used); failures are logged. */
  afterCommit?: () => Promise<void>;
};

/** Thrown inside a change to roll it back and hand `result` to the caller (e.g. field errors). */
export class ContentWriteAbort<T> extends Error {
  constructor(readonly result: T) {
    super("content write aborted");
  }
}

/**
 * The ONE way content (packages, and later blogs and settings) is written: the
 * change runs in a transaction together with its activity entries, so the log
 * never claims a change that did not happen. The same transaction bumps the
 * content version, so every server's page cache drops its pages before its next
 * request (ADR 003): a committed change is live at the next request.
 */
export async function writeContent<T>(
  ctx: ContentWriteContext,
  change: (tx: Db) => Promise<ContentChange<T>>,
): Promise<T> {
  let outcome: ContentChange<T>;
  try {
    outcome = await getDb().transaction(async (rawTx) => {
      const tx = rawTx as unknown as Db;
      const done = await change(tx);
      await bumpContentVersion(tx);
      const actor = { id: ctx.viewer.id, email: ctx.viewer.email, name: ctx.viewer.name };
      for (const entry of done.activity ?? []) {
        await recordActivity({ ...entry, actor, ip: ctx.ip ?? null }, { db: tx });
      }
      return done;
    });
  } catch (error) {
    if (error instanceof ContentWriteAbort) return error.result as T;
    throw error;
  } finally {
    noteContentWritten();
  }
  if (outcome.afterCommit) {
    try {
      await outcome.afterCommit();
    } catch (error) {
      getLogger().error({ err: error }, "after-commit work of a content write failed");
    }
  }
  return outcome.result;
}
