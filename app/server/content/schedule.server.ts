import { and, asc, eq, lte } from "drizzle-orm";
import type { Logger } from "pino";
import type { ContentEntityType } from "~/lib/content-fields";
import type { ScheduleInfo } from "~/lib/revisions";
import { getDb, type Db } from "~/server/db/db.server";
import { contentSchedule, type ContentScheduleRow, type ScheduleAction } from "~/server/db/schema.server";
import { systemClock, type Clock } from "./clock.server";
import type { ContentActor } from "./content-write.server";

const which = (type: ContentEntityType, id: string | number) => and(eq(contentSchedule.entityType, type), eq(contentSchedule.entityId, String(id)));

export async function getSchedule(type: ContentEntityType, id: string | number, db: Db = getDb()): Promise<ContentScheduleRow | null> {
  const [row] = await db.select().from(contentSchedule).where(which(type, id)).limit(1);
  return row ?? null;
}

/** Every scheduled publication of a type, by entity id (the lists' "Scheduled for …"). */
export async function listSchedules(type: ContentEntityType, db: Db = getDb()): Promise<Map<string, ContentScheduleRow>> {
  const rows = await db.select().from(contentSchedule).where(eq(contentSchedule.entityType, type));
  return new Map(rows.map((row) => [row.entityId, row]));
}

/** Schedules (or moves) a document's publication; call inside the write's transaction. */
export async function putSchedule(tx: Db, type: ContentEntityType, id: string | number, action: ScheduleAction, publishAt: Date, actor: ContentActor) {
  const values = { action, publishAt, scheduledBy: actor.id, scheduledByName: actor.name, scheduledByEmail: actor.email, scheduledAt: new Date() };
  await tx
    .insert(contentSchedule)
    .values({ entityType: type, entityId: String(id), ...values })
    .onConflictDoUpdate({ target: [contentSchedule.entityType, contentSchedule.entityId], set: values });
}

/** Cancels a document's scheduled publication (of one action, or any); returns it. */
export async function dropSchedule(tx: Db, type: ContentEntityType, id: string | number, action?: ScheduleAction): Promise<ContentScheduleRow | null> {
  const [row] = await tx
    .delete(contentSchedule)
    .where(action ? and(which(type, id), eq(contentSchedule.action, action)) : which(type, id))
    .returning();
  return row ?? null;
}

/**
 * Claims a due publication inside the publishing transaction: deletes the row
 * if it is still the same schedule and due at `now`. Two workers (two servers,
 * or a retry) racing for it: the second waits for the first's row lock and
 * then finds nothing, so a publication happens exactly once.
 */
export async function claimDueSchedule(tx: Db, due: ContentScheduleRow, now: Date): Promise<boolean> {
  const claimed = await tx
    .delete(contentSchedule)
    .where(
      and(
        which(due.entityType as ContentEntityType, due.entityId),
        eq(contentSchedule.action, due.action),
        eq(contentSchedule.publishAt, due.publishAt),
        lte(contentSchedule.publishAt, now),
      ),
    )
    .returning({ id: contentSchedule.entityId });
  return claimed.length > 0;
}

export function scheduleInfo(row: ContentScheduleRow): ScheduleInfo {
  return { action: row.action, publishAt: row.publishAt.toISOString(), by: row.scheduledByName || row.scheduledByEmail || "Someone" };
}

/** The actor of a scheduled publication: whoever scheduled it (the log says "on schedule"). */
export function scheduleActor(row: ContentScheduleRow): ContentActor {
  return { id: row.scheduledBy, name: row.scheduledByName, email: row.scheduledByEmail };
}

/** Publishes one due row (claiming it first); "skipped" when another worker had it. */
export type ScheduledPublishHandler = (due: ContentScheduleRow, now: Date) => Promise<"published" | "skipped" | "failed">;

type ScheduledPublisherOptions = {
  handlers: Partial<Record<ContentEntityType, ScheduledPublishHandler>>;
  logger: Logger;
  clock?: Clock;
  /** How often to look for due rows; a row due sooner gets its own timer. */
  pollMs?: number;
};

/**
 * The scheduled-publishing worker in each server process (ADR 037): looks for
 * due rows every `pollMs`, and sets a timer for one due before the next look,
 * so a publication scheduled ahead goes out on time.
 */
export class ScheduledPublisher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;
  private readonly clock: Clock;
  private readonly pollMs: number;

  constructor(private readonly options: ScheduledPublisherOptions) {
    this.clock = options.clock ?? systemClock;
    this.pollMs = options.pollMs ?? 15_000;
  }

  start() {
    this.stopped = false;
    void this.tick();
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Publishes everything due now (one run at a time); returns how many were published. */
  runDue(): Promise<number> {
    this.running ??= this.publishDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async publishDue(): Promise<number> {
    let published = 0;
    for (;;) {
      const now = this.clock.now();
      const due = await getDb().select().from(contentSchedule).where(lte(contentSchedule.publishAt, now)).orderBy(asc(contentSchedule.publishAt)).limit(20);
      let progressed = false;
      for (const row of due) {
        const handler = this.options.handlers[row.entityType as ContentEntityType];
        if (!handler) continue;
        try {
          const outcome = await handler(row, now);
          if (outcome === "published") published += 1;
          progressed ||= outcome !== "skipped";
        } catch (err) {
          this.options.logger.error({ err, entity: `${row.entityType}:${row.entityId}` }, "scheduled publishing failed");
        }
      }
      if (due.length < 20 || !progressed) return published;
    }
  }

  private async tick() {
    if (this.stopped) return;
    try {
      await this.runDue();
    } catch (err) {
      this.options.logger.error({ err }, "scheduled publishing: could not read the schedule");
    }
    if (this.stopped) return;
    let delay = this.pollMs;
    try {
      const [next] = await getDb().select({ at: contentSchedule.publishAt }).from(contentSchedule).orderBy(asc(contentSchedule.publishAt)).limit(1);
      // One due already (it just failed, or has no handler) waits for the next look, never a busy loop.
      const wait = next ? next.at.getTime() - this.clock.now().getTime() : Infinity;
      if (wait > 0) delay = Math.min(delay, wait + 5);
    } catch {
      // The next look retries.
    }
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }
}
