import { Form } from "react-router";
import { formatDate } from "~/lib/admin-format";
import type { TaxRuleGroup, TaxRuleView } from "~/server/tax/tax-rules-admin.server";
import type { BusinessActionData } from "~/server/settings/business-page.server";
import { adminUi, Panel } from "../admin-page";
import { AddTaxRuleForm, ErrorSummary, RuleField } from "./add-tax-rule-form";
import styles from "./tax-rules.module.css";

const STATUS: Record<TaxRuleView["status"], { label: string; className: string }> = {
  "in-force": { label: "In force", className: adminUi.badgeOk! },
  coming: { label: "Comes into force", className: adminUi.badge! },
  past: { label: "Replaced", className: adminUi.badgeOff! },
  withdrawn: { label: "Withdrawn", className: adminUi.badgeOff! },
};

const NO_ERRORS: BusinessActionData["errors"] = {};
const day = (date: string) => formatDate(`${date}T00:00:00+05:30`);

/**
 * The tax rules (issue 47, ADR 092) beside the note to check them with an
 * accountant: each kind's rules, newest first, with the date each takes
 * effect, its figures and its source. A change in the law is "Add a rule"
 * with its date; a rule entered by mistake is withdrawn (kept, marked).
 */
export function TaxRulesPanel({ groups, accountantNote, actionData }: { groups: TaxRuleGroup[]; accountantNote: string; actionData?: BusinessActionData }) {
  return (
    <Panel title="Tax rules" id="tax-rules">
      <div className={styles.note} role="note" aria-label="Check these with your accountant">
        <p className={styles.noteTitle}>Check these with your accountant</p>
        <p>{accountantNote}</p>
      </div>
      {groups.map((group) => (
        <section key={group.kind} className={styles.group} aria-labelledby={`rules-${group.kind}`}>
          <h3 id={`rules-${group.kind}`} className={styles.groupTitle}>
            {group.title}
          </h3>
          <ol className={styles.rules}>
            {group.rules.map((rule) => (
              <RuleItem key={rule.id} rule={rule} actionData={actionData?.form === "withdraw-rule" && actionData.ruleId === rule.id ? actionData : undefined} />
            ))}
          </ol>
          <AddTaxRuleForm group={group} actionData={actionData?.form === "add-rule" && actionData.kind === group.kind ? actionData : undefined} />
        </section>
      ))}
    </Panel>
  );
}

function RuleItem({ rule, actionData }: { rule: TaxRuleView; actionData?: BusinessActionData }) {
  const status = STATUS[rule.status];
  return (
    <li className={styles.rule}>
      <p className={styles.ruleHead}>
        <span className={status.className}>{status.label}</span> <strong>from {day(rule.effectiveFrom)}</strong>
      </p>
      <ul className={styles.figures}>
        {rule.figures.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {rule.documentNote ? <p className={adminUi.muted}>Documents say: “{rule.documentNote}”</p> : null}
      <details className={styles.source}>
        <summary>Source</summary>
        <p>{rule.source}</p>
        {rule.addedBy ? <p className={adminUi.muted}>Added by {rule.addedBy}</p> : null}
      </details>
      {rule.withdrawn ? (
        <p className={adminUi.muted}>
          Withdrawn {formatDate(rule.withdrawn.at)}
          {rule.withdrawn.by ? ` by ${rule.withdrawn.by}` : ""}: {rule.withdrawn.reason}
        </p>
      ) : (
        <WithdrawForm rule={rule} actionData={actionData} />
      )}
    </li>
  );
}

function WithdrawForm({ rule, actionData }: { rule: TaxRuleView; actionData?: BusinessActionData }) {
  const form = `withdraw-${rule.id}`;
  const errors = actionData?.errors ?? NO_ERRORS;
  return (
    <details className={styles.withdraw} open={actionData ? true : undefined}>
      <summary>Withdraw…</summary>
      <Form method="post" className={styles.inlineForm} aria-label={`Withdraw the rule from ${day(rule.effectiveFrom)}`} noValidate>
        <input type="hidden" name="intent" value="withdraw-rule" />
        <input type="hidden" name="ruleId" value={rule.id} />
        <ErrorSummary form={form} errors={errors} labels={{ reason: "Why is it withdrawn?" }} />
        <p className={adminUi.muted}>Only for a rule entered by mistake: it stays listed, marked withdrawn. When the law changes, add a rule instead.</p>
        <RuleField form={form} name="reason" label="Why is it withdrawn?" values={{}} errors={errors} />
        <button type="submit" className={`${adminUi.button} ${adminUi.danger}`}>
          Withdraw this rule
        </button>
      </Form>
    </details>
  );
}
