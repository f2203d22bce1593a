import { z } from "zod";
import { indianDate } from "~/lib/follow-up";
import type { Db } from "~/server/db/db.server";
import { defineJobType, enqueueJob } from "~/server/jobs/jobs.server";

/**
 * A TCS rule taking effect reworks the open bookings (ADR 122): the job runs
 * at the Indian midnight that starts the rule's effective date (at once for a
 * date today or earlier) and prices every open booking's rest at the rule in
 * force then. It is queued in the rule's own write (one per rule: its id is
 * the once-key), and reads the rules again when it runs: a rule withdrawn
 * before its date leaves the job nothing to change. Its handler is in the
 * document folder (`tcsReworkHandler`), wired at start.
 */
export const TCS_REWORK_JOB = defineJobType({
  name: "tax.tcs-rework",
  lane: "short",
  payload: z.object({
    /** The write that queued it: the rule added, or withdrawn. Read for the log only. */
    ruleId: z.string().min(1).max(100),
    effectiveFrom: z.iso.date(),
  }),
  // A few hundred bookings, one short transaction each; a try cut short is taken up again where it stopped.
  timeoutMs: 5 * 60_000,
});

/** 00:00 in India on the Indian date `date`. */
export const indianMidnightOf = (date: string) => new Date(`${date}T00:00:00+05:30`);

/** When the open bookings are priced at a rule from `effectiveFrom`: its first Indian midnight, or now if that has passed. */
export function tcsReworkRunAt(effectiveFrom: string, now: Date): Date {
  const midnight = indianMidnightOf(effectiveFrom);
  return midnight.getTime() > now.getTime() ? midnight : now;
}

/** Whether a rule from `effectiveFrom` is in force on `now`'s Indian date. */
export const inForceBy = (effectiveFrom: string, now: Date) => effectiveFrom <= indianDate(now);

/** Queues the rework, in the rule's write's transaction; `nudgeJobs()` after the commit runs one due now at once. */
export async function queueTcsRework(tx: Db, key: { ruleId: string; effectiveFrom: string; why: "added" | "withdrawn" }, now: Date): Promise<void> {
  await enqueueJob(tx, TCS_REWORK_JOB, {
    payload: { ruleId: key.ruleId, effectiveFrom: key.effectiveFrom },
    runAt: tcsReworkRunAt(key.effectiveFrom, now),
    onceKey: `tax.tcs-rework:${key.why}:${key.ruleId}`,
  });
}
