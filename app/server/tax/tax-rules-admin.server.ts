import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import { formatInr } from "~/lib/price";
import { TAX_RULE_KINDS, type TaxRuleInput, type TaxRuleKind } from "~/lib/tax-rule-schema";
import { writeContent, ContentWriteAbort, type ContentWriteContext } from "~/server/content/content-write.server";
import type { Db } from "~/server/db/db.server";
import { taxRules, users, type TaxRuleRow } from "~/server/db/schema.server";
import { taxRuleRow, taxRulesFromRows } from "./tax-store.server";
import { formatRate, type GstRule, type TcsRule } from "./tax-rules.server";
import { inForceBy, queueTcsRework } from "./tcs-rework-job.server";
import { nudgeJobs } from "~/server/jobs/jobs.server";

/**
 * The tax rules as Settings → Business and tax shows and changes them (issue
 * 47, ADR 092): every rule, in force, to come, past and withdrawn; "Add a
 * rule" (a change in the law is a new row with its date, never an edit) and
 * "Withdraw" for a rule entered by mistake. Each write is one content write:
 * logged in the activity log, and the content version moves, so the public
 * pages' tax note follows at the next request.
 */

export type TaxRuleStatus = "in-force" | "coming" | "past" | "withdrawn";

export type TaxRuleView = {
  id: string;
  group: TaxRuleKind;
  effectiveFrom: string;
  /** The figures in words: "5% (CGST 2.5% + SGST/UTGST 2.5%, or IGST 5%) · SAC 998555". */
  figures: string[];
  documentNote: string;
  source: string;
  status: TaxRuleStatus;
  addedBy: string | null;
  withdrawn: { at: string; by: string | null; reason: string } | null;
};

/** An "Add a rule" form's starting values: the figures of the rule in force, with no date. */
export type TaxRuleFormValues = Record<string, string>;

export type TaxRuleGroup = {
  kind: TaxRuleKind;
  title: string;
  rules: TaxRuleView[];
  start: TaxRuleFormValues;
};

const groupOf = (row: Pick<TaxRuleRow, "kind" | "scheme">): TaxRuleKind =>
  row.kind === "tcs" ? "tcs" : row.scheme === "service-charge" ? "gst-service-charge" : "gst-package";

const percentText = (bps: number) => formatRate(bps).replace("%", "");

function gstFigures(rule: GstRule): string[] {
  const half = formatRate(rule.rateBps / 2);
  return [`${formatRate(rule.rateBps)}: CGST ${half} + SGST/UTGST ${half} inside our state, IGST ${formatRate(rule.rateBps)} across states`, `SAC ${rule.sac}`];
}

function tcsFigures(rule: TcsRule): string[] {
  const slabs = rule.slabs.map((slab, index) => {
    const from = index === 0 ? null : rule.slabs[index - 1]!.upTo;
    if (slab.upTo === null) return from === null ? `${formatRate(slab.rateBps)} of every amount received` : `${formatRate(slab.rateBps)} above that`;
    return `${formatRate(slab.rateBps)} of a traveller's first ${formatInr(slab.upTo / 100)} in a financial year`;
  });
  const { timesRate, atLeastBps, atMostBps } = rule.withoutPan;
  return [
    slabs.join("; "),
    `Without a PAN: ${timesRate === 1 ? "the rate" : `${timesRate} times the rate`}, at least ${formatRate(atLeastBps)}, at most ${formatRate(atMostBps)} (${rule.withoutPan.section})`,
    rule.section,
  ];
}

function startValues(kind: TaxRuleKind, gst: GstRule | undefined, tcs: TcsRule | undefined): TaxRuleFormValues {
  if (kind === "tcs") {
    const [first, second] = tcs?.slabs ?? [];
    return {
      kind,
      effectiveFrom: "",
      rate: first ? percentText(first.rateBps) : "",
      threshold: first?.upTo != null ? String(first.upTo / 100) : "",
      rateAbove: second ? percentText(second.rateBps) : "",
      section: tcs?.section ?? "",
      withoutPanTimes: String(tcs?.withoutPan.timesRate ?? 2),
      withoutPanAtLeast: tcs ? percentText(tcs.withoutPan.atLeastBps) : "",
      withoutPanAtMost: tcs ? percentText(tcs.withoutPan.atMostBps) : "",
      withoutPanSection: tcs?.withoutPan.section ?? "",
      source: "",
    };
  }
  return {
    kind,
    effectiveFrom: "",
    rate: gst ? percentText(gst.rateBps) : "",
    sac: gst?.sac ?? "998555",
    documentNote: gst?.documentNote ?? "",
    source: "",
  };
}

/** Every rule, grouped by what it is for, newest first, each with its status on `today` (an Indian date). */
export async function taxRuleGroups(db: Db, today: string): Promise<TaxRuleGroup[]> {
  const joined = await db
    .select({ rule: taxRules, withdrawnByName: users.name })
    .from(taxRules)
    .leftJoin(users, eq(users.id, taxRules.withdrawnBy))
    .orderBy(asc(taxRules.effectiveFrom), asc(taxRules.createdAt));
  const rows = joined.map((row) => row.rule);
  const withdrawnBy = new Map(joined.map((row) => [row.rule.id, row.withdrawnByName]));
  return (Object.keys(TAX_RULE_KINDS) as TaxRuleKind[]).map((kind) => {
    const mine = rows.filter((row) => groupOf(row) === kind);
    const live = mine.filter((row) => !row.withdrawnAt);
    const inForce = live.filter((row) => row.effectiveFrom <= today).at(-1);
    const engine = taxRulesFromRows(inForce ? [inForce] : live.slice(-1));
    const rules = mine
      .map((row): TaxRuleView => {
        const parsed = taxRulesFromRows([{ ...row, withdrawnAt: null }]);
        const status: TaxRuleStatus = row.withdrawnAt ? "withdrawn" : row === inForce ? "in-force" : row.effectiveFrom > today ? "coming" : "past";
        return {
          id: row.id,
          group: kind,
          effectiveFrom: row.effectiveFrom,
          figures: row.kind === "gst" ? gstFigures(parsed.gst[0]!) : tcsFigures(parsed.tcs[0]!),
          documentNote: row.documentNote,
          source: row.source,
          status,
          addedBy: row.createdByName,
          withdrawn: row.withdrawnAt
            ? {
                at: row.withdrawnAt.toISOString(),
                by: withdrawnBy.get(row.id) ?? null,
                reason: row.withdrawnReason ?? "",
              }
            : null,
        };
      })
      .reverse();
    return {
      kind,
      title: TAX_RULE_KINDS[kind],
      rules,
      start: startValues(kind, engine.gst[0], engine.tcs[0]),
    };
  });
}

/** `reworksOpenBookings`: a withdrawn TCS rule was in force, so open bookings are priced again at the one in force now (ADR 122). */
export type TaxRuleWriteResult = { ok: true; id: string; reworksOpenBookings?: boolean } | { ok: false; field: string; message: string };

/** The rule as the engine and the `tax_rules` row take it. */
function ruleFromInput(input: TaxRuleInput, id: string) {
  if (input.kind === "tcs") {
    const slabs =
      input.threshold === null
        ? [{ upTo: null, rateBps: input.rate }]
        : [
            { upTo: input.threshold, rateBps: input.rate },
            { upTo: null, rateBps: input.rateAbove! },
          ];
    const rule: TcsRule = {
      id,
      effectiveFrom: input.effectiveFrom,
      section: input.section,
      slabs,
      withoutPan: {
        timesRate: input.withoutPanTimes,
        atLeastBps: input.withoutPanAtLeast,
        atMostBps: input.withoutPanAtMost,
        section: input.withoutPanSection,
      },
      source: input.source,
    };
    return { kind: "tcs" as const, rule };
  }
  const rule: GstRule = {
    id,
    scheme: input.kind === "gst-package" ? "package" : "service-charge",
    effectiveFrom: input.effectiveFrom,
    sac: input.sac,
    rateBps: input.rate,
    documentNote: input.documentNote,
    source: input.source,
  };
  return { kind: "gst" as const, rule };
}

const sameGroup = (kind: TaxRuleKind) =>
  kind === "tcs" ? eq(taxRules.kind, "tcs") : and(eq(taxRules.kind, "gst"), eq(taxRules.scheme, kind === "gst-package" ? "package" : "service-charge"));

/**
 * Adds a rule (admins). Two live rules of one kind cannot start on the same
 * day: which would apply? The admin withdraws the wrong one first. A TCS rule
 * queues the rework of the open bookings for its first Indian midnight, or now
 * (ADR 122).
 */
export async function addTaxRule(input: TaxRuleInput, ctx: ContentWriteContext, now = new Date()): Promise<TaxRuleWriteResult> {
  return writeContent<TaxRuleWriteResult>(ctx, async (tx) => {
    const clash = await tx
      .select({ id: taxRules.id })
      .from(taxRules)
      .where(and(sameGroup(input.kind), eq(taxRules.effectiveFrom, input.effectiveFrom), isNull(taxRules.withdrawnAt)))
      .limit(1);
    if (clash.length > 0) {
      throw new ContentWriteAbort<TaxRuleWriteResult>({
        ok: false,
        field: "effectiveFrom",
        message: "A rule of this kind already takes effect on that date. If it is wrong, withdraw it first, then add the right one.",
      });
    }
    const id = `${input.kind}-${input.effectiveFrom}-${randomBytes(3).toString("hex")}`;
    const row = taxRuleRow(ruleFromInput(input, id));
    await tx.insert(taxRules).values({
      ...row,
      createdBy: ctx.viewer.id,
      createdByName: ctx.viewer.name ?? ctx.viewer.email,
    });
    if (input.kind === "tcs") await queueTcsRework(tx, { ruleId: id, effectiveFrom: input.effectiveFrom, why: "added" }, now);
    return {
      result: { ok: true, id },
      afterCommit: async () => nudgeJobs(),
      revisions: [],
      activity: [
        {
          kind: "tax-rule.added",
          subject: {
            type: "tax-rule",
            id,
            label: `${TAX_RULE_KINDS[input.kind]} from ${input.effectiveFrom}`,
          },
          detail: { figures: row.figures, source: input.source },
        },
      ],
    };
  });
}

/**
 * Withdraws a rule entered by mistake (admins): the row stays, marked, with
 * who and why; the engine ignores it from then on. The last live rule of a
 * kind cannot be withdrawn: documents would then have no rule at all. A TCS
 * rule already in force reworks the open bookings at once at the rule then in
 * force (ADR 122); one still to come leaves its queued rework nothing to do.
 */
export async function withdrawTaxRule(ruleId: string, reason: string, ctx: ContentWriteContext, now = new Date()): Promise<TaxRuleWriteResult> {
  return writeContent<TaxRuleWriteResult>(ctx, async (tx) => {
    const [rule] = await tx.select().from(taxRules).where(eq(taxRules.id, ruleId)).limit(1);
    const abort = (message: string) =>
      new ContentWriteAbort<TaxRuleWriteResult>({
        ok: false,
        field: "ruleId",
        message,
      });
    if (!rule) throw abort("That rule does not exist any more: reload the page.");
    if (rule.withdrawnAt) throw abort("That rule was already withdrawn.");
    const kind = groupOf(rule);
    const live = await tx
      .select({ id: taxRules.id })
      .from(taxRules)
      .where(and(sameGroup(kind), isNull(taxRules.withdrawnAt)));
    if (live.length <= 1) throw abort(`This is the only ${TAX_RULE_KINDS[kind]} rule: add the right one first, then withdraw this one.`);
    await tx
      .update(taxRules)
      .set({
        withdrawnAt: now,
        withdrawnBy: ctx.viewer.id,
        withdrawnReason: reason,
      })
      .where(and(eq(taxRules.id, ruleId), isNull(taxRules.withdrawnAt)));
    const rework = kind === "tcs" && inForceBy(rule.effectiveFrom, now);
    if (rework) await queueTcsRework(tx, { ruleId, effectiveFrom: rule.effectiveFrom, why: "withdrawn" }, now);
    return {
      result: { ok: true, id: ruleId, reworksOpenBookings: rework },
      afterCommit: async () => nudgeJobs(),
      revisions: [],
      activity: [
        {
          kind: "tax-rule.withdrawn",
          subject: {
            type: "tax-rule",
            id: ruleId,
            label: `${TAX_RULE_KINDS[kind]} from ${rule.effectiveFrom}`,
          },
          detail: { reason },
        },
      ],
    };
  });
}
