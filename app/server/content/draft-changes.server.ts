import { ENTITY_NOUNS } from "~/lib/content-fields";
import type { DocumentAdapter, DocumentWriteResult, VersionOptions } from "./document-adapter.server";
import { ContentWriteAbort, writeContent, type ContentWriteContext } from "./content-write.server";
import { dropDraft, getDraft, putDraft } from "./drafts.server";
import { claimDueSchedule, dropSchedule, putSchedule, scheduleActor, type ScheduledPublishHandler } from "./schedule.server";
import { getLogger } from "~/server/logger.server";

/**
 * Draft changes and scheduled publishing of a live document (ADR 037), for any
 * entity with a DocumentAdapter. Each is a content write: it bumps the
 * document's version (so an editor with an older one meets a conflict),
 * stores a revision and logs an activity entry, in one transaction.
 */

const subject = (adapter: DocumentAdapter<unknown>, id: number, label: string) => ({ type: adapter.type, id, label });

/** The earliest a publication may be scheduled: now, less a minute for the time it took to type. */
const SCHEDULE_SLACK_MS = 60_000;
const PAST_SCHEDULE_MESSAGE = "Choose a time in the future (Indian time).";

function checkFuture(publishAt: Date, now: Date) {
  if (publishAt.getTime() < now.getTime() - SCHEDULE_SLACK_MS) {
    throw new ContentWriteAbort<DocumentWriteResult>({ ok: false, fields: { publishAt: PAST_SCHEDULE_MESSAGE } });
  }
}

/**
 * "Save draft": keeps the changes beside the live document, which stays as it
 * is. With `publishAt`, they are published then.
 */
export async function saveDraftChanges<I>(
  adapter: DocumentAdapter<I>,
  id: number,
  value: unknown,
  ctx: ContentWriteContext,
  options: VersionOptions & { publishAt?: Date | null } = {},
): Promise<DocumentWriteResult | null> {
  const parsed = adapter.parse(value);
  if (!parsed.ok) return parsed;
  return writeContent<DocumentWriteResult | null>(ctx, async (tx) => {
    const locked = await adapter.lock(tx, id, parsed.input, options);
    if (!locked) return { result: null, revisions: [] };
    if (options.publishAt) checkFuture(options.publishAt, new Date());
    const previous = (await getDraft(adapter.type, id, tx))?.document ?? locked.current;
    const version = await adapter.bumpVersion(tx, id);
    await putDraft(tx, adapter.type, id, locked.document!, version, ctx.viewer);
    const who = subject(adapter, id, locked.label);
    const activity = [{ kind: adapter.activity.draftSaved, subject: who }];
    if (options.publishAt) {
      await putSchedule(tx, adapter.type, id, "publish-changes", options.publishAt, ctx.viewer);
      activity.push({
        kind: adapter.activity.scheduled,
        subject: who,
        detail: { publishAt: options.publishAt.toISOString(), changes: true },
      } as (typeof activity)[number]);
    }
    return {
      result: { ok: true, version },
      revisions: [{ type: adapter.type, id, version, kind: "draft-saved", label: locked.label, document: locked.document!, previous }],
      activity,
    };
  });
}

/** "Discard draft": the pending changes (and their schedule) go; the live document stays. */
export async function discardDraftChanges<I>(
  adapter: DocumentAdapter<I>,
  id: number,
  ctx: ContentWriteContext,
  options: VersionOptions = {},
): Promise<DocumentWriteResult | null> {
  return writeContent<DocumentWriteResult | null>(ctx, async (tx) => {
    const locked = await adapter.lock(tx, id, null, options);
    if (!locked) return { result: null, revisions: [] };
    const draft = await dropDraft(tx, adapter.type, id);
    if (!draft) return { result: { ok: true, version: locked.version }, revisions: [] };
    await dropSchedule(tx, adapter.type, id, "publish-changes");
    const version = await adapter.bumpVersion(tx, id);
    return {
      result: { ok: true, version },
      revisions: [{ type: adapter.type, id, version, kind: "draft-discarded", label: locked.label, document: locked.current, previous: draft.document }],
      activity: [{ kind: adapter.activity.draftDiscarded, subject: subject(adapter, id, locked.label) }],
    };
  });
}

/**
 * "Publish at" for a document that is not live yet: saves what was sent (as a
 * draft) and publishes it at `publishAt`. It must be publishable as sent.
 */
export async function schedulePublishing<I>(
  adapter: DocumentAdapter<I>,
  id: number,
  value: unknown,
  publishAt: Date,
  ctx: ContentWriteContext,
  options: VersionOptions = {},
): Promise<DocumentWriteResult | null> {
  const parsed = adapter.parse(value);
  if (!parsed.ok) return parsed;
  const publishable = adapter.publishable(parsed.input);
  if (!publishable.ok) return publishable;
  return writeContent<DocumentWriteResult | null>(ctx, async (tx) => {
    checkFuture(publishAt, new Date());
    const asDraft = adapter.parse({ ...(parsed.input as object), status: "draft" });
    const saved = await adapter.replace(tx, id, (asDraft as { input: I }).input, { ...options, kind: "scheduled" });
    if (!saved.result) return { ...saved, result: null };
    await putSchedule(tx, adapter.type, id, "publish", publishAt, ctx.viewer);
    const label = saved.revisions[0]?.label ?? "";
    return {
      ...saved,
      result: { ok: true, version: saved.result.version },
      activity: [
        ...(saved.activity ?? []),
        { kind: adapter.activity.scheduled, subject: subject(adapter, id, label), detail: { publishAt: publishAt.toISOString() } },
      ],
    };
  });
}

/** Cancels a scheduled publication (of the document, or of its draft changes). */
export async function cancelScheduledPublishing<I>(
  adapter: DocumentAdapter<I>,
  id: number,
  ctx: ContentWriteContext,
  options: VersionOptions = {},
): Promise<DocumentWriteResult | null> {
  return writeContent<DocumentWriteResult | null>(ctx, async (tx) => {
    const locked = await adapter.lock(tx, id, null, options);
    if (!locked) return { result: null, revisions: [] };
    const dropped = await dropSchedule(tx, adapter.type, id);
    if (!dropped) return { result: { ok: true, version: locked.version }, revisions: [] };
    const version = await adapter.bumpVersion(tx, id);
    return {
      result: { ok: true, version },
      revisions: [{ type: adapter.type, id, version, kind: "unscheduled", label: locked.label, document: locked.current, previous: locked.current }],
      activity: [{ kind: adapter.activity.unscheduled, subject: subject(adapter, id, locked.label), detail: { publishAt: dropped.publishAt.toISOString() } }],
    };
  });
}

/**
 * The worker's handler for one entity type: claims the due row and publishes
 * in the same transaction (exactly once, however many servers race), as the
 * person who scheduled it. A document that can no longer be published (a
 * required field emptied since) stays as it is, and the log says why.
 */
export function scheduledPublisherFor<I>(adapter: DocumentAdapter<I>): ScheduledPublishHandler {
  return async (due, now) => {
    const id = Number(due.entityId);
    const ctx = { viewer: scheduleActor(due) };
    const outcome = await writeContent<"published" | "skipped" | "failed" | DocumentWriteResult>(ctx, async (tx) => {
      if (!(await claimDueSchedule(tx, due, now))) return { result: "skipped", revisions: [] };
      const locked = await adapter.lock(tx, id, null, {});
      if (!locked) return { result: "skipped", revisions: [] };
      const draft = due.action === "publish-changes" ? await getDraft(adapter.type, id, tx) : null;
      const parsed = adapter.parse(draft ? draft.document : locked.current);
      // A scheduled draft goes live; draft changes keep the status they were saved with.
      const ready = parsed.ok && due.action === "publish" ? adapter.publishable(parsed.input) : parsed;
      if (!ready.ok || (due.action === "publish-changes" && !draft)) {
        const fields = ready.ok ? {} : ready.fields;
        getLogger().warn({ entity: `${adapter.type}:${id}`, fields }, `a scheduled ${ENTITY_NOUNS[adapter.type]} could not be published`);
        return {
          result: "failed",
          revisions: [],
          activity: [{ kind: adapter.activity.scheduleFailed, subject: subject(adapter, id, locked.label), detail: { fields: Object.keys(fields) } }],
        };
      }
      const saved = await adapter.replace(tx, id, ready.input, { clearDraft: true, kind: "scheduled-publish" });
      return { ...saved, result: saved.result ? "published" : "skipped" };
    });
    if (typeof outcome === "string") return outcome;
    // The write itself was refused (e.g. its address is taken now): the schedule goes, and the log says why.
    const fields = "fields" in outcome ? outcome.fields : {};
    return writeContent<"failed" | "skipped">(ctx, async (tx) => {
      if (!(await claimDueSchedule(tx, due, now))) return { result: "skipped", revisions: [] };
      getLogger().warn({ entity: `${adapter.type}:${id}`, fields }, `a scheduled ${ENTITY_NOUNS[adapter.type]} could not be published`);
      return {
        result: "failed",
        revisions: [],
        activity: [{ kind: adapter.activity.scheduleFailed, subject: { type: adapter.type, id }, detail: { fields: Object.keys(fields) } }],
      };
    });
  };
}
