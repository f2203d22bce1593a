import type { FieldChange } from "~/lib/content-fields";
import { recordActivity, type ActivityEntry } from "~/server/activity/activity.server";
import { bumpContentVersion, noteContentWritten } from "~/server/cache/content-version.server";
import { getDb, type Db } from "~/server/db/db.server";
import { getLogger } from "~/server/logger.server";
import { deleteMediaIfUnused } from "~/server/media/media-cleanup.server";
import { documentMediaRefs } from "~/server/media/document-media.server";
import { storeRevision, type DocumentWrite } from "./revisions.server";

export type { DocumentWrite };

/** Who writes content: a signed-in viewer, or for a scheduled publication the person who scheduled it. */
export type ContentActor = { id: string | null; email: string | null; name: string | null };

/** Who writes content, and from where (load context `clientIp`). */
export type ContentWriteContext = { viewer: ContentActor; ip?: string | null };

/** What one content change did: its result, its revisions, its activity entries, and work for after the commit. */
export type ContentChange<T> = {
  result: T;
  /**
   * Every document the change wrote (ADR 037): each is stored as a revision
   * in the same transaction, with the fields it changed. Required, so no
   * content write can leave it out; empty only when nothing was written.
   */
  revisions: DocumentWrite[];
  /**
   * Activity entries recorded in the same transaction (actor and ip are filled
   * in). The first entry about a revised document gets its changed fields as
   * `detail.changes`, so the log says what changed.
   */
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

/** At most this many changed fields are kept with an activity entry. */
const CHANGES_IN_ACTIVITY = 20;

/**
 * The ONE way content (packages, blogs, and later settings and pages) is
 * written: the change runs in a transaction together with its revisions and
 * activity entries, so the history and the log never claim a change that did
 * not happen, and nothing can skip them. The same transaction bumps the
 * content version, so every server's page cache drops its pages before its
 * next request (ADR 003): a committed change is live at the next request.
 */
export async function writeContent<T>(ctx: ContentWriteContext, change: (tx: Db) => Promise<ContentChange<T>>): Promise<T> {
  let outcome: ContentChange<T>;
  const pruned: string[] = [];
  try {
    outcome = await getDb().transaction(async (rawTx) => {
      const tx = rawTx as unknown as Db;
      const done = await change(tx);
      await bumpContentVersion(tx);
      const actor = { id: ctx.viewer.id, email: ctx.viewer.email, name: ctx.viewer.name };
      const changesOf = new Map<string, FieldChange[]>();
      for (const write of done.revisions) {
        const stored = await storeRevision(tx, write, actor);
        changesOf.set(`${write.type}:${write.id}`, stored.changes);
        for (const document of stored.pruned) pruned.push(...documentMediaRefs(write.type, document));
      }
      for (const entry of done.activity ?? []) {
        const key = entry.subject ? `${entry.subject.type}:${entry.subject.id}` : "";
        const changes = changesOf.get(key);
        changesOf.delete(key);
        const detail = changes?.length ? { ...entry.detail, changes: changes.slice(0, CHANGES_IN_ACTIVITY), changeCount: changes.length } : entry.detail;
        await recordActivity({ ...entry, detail, actor, ip: ctx.ip ?? null }, { db: tx });
      }
      return done;
    });
  } catch (error) {
    if (error instanceof ContentWriteAbort) return error.result as T;
    throw error;
  } finally {
    noteContentWritten();
  }
  await runAfterCommit(outcome.afterCommit);
  // Media only the pruned revisions still used (ADR 037: files stay while a kept revision refers to them).
  if (pruned.length > 0) await runAfterCommit(async () => void (await deleteMediaIfUnused(pruned)));
  return outcome.result;
}

async function runAfterCommit(work: (() => Promise<void>) | undefined) {
  if (!work) return;
  try {
    await work();
  } catch (error) {
    getLogger().error({ err: error }, "after-commit work of a content write failed");
  }
}
