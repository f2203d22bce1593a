import { Form } from "react-router";
import { adminUi } from "~/components/admin/admin-page";
import { TextField } from "~/components/ui/form-field";
import { paiseToDecimalRupees } from "~/lib/money";
import { formatPaise } from "~/lib/price";
import type { MoneyActionData, MoneyPanelData } from "~/server/payment-ledger/money-page.server";
import styles from "./booking-money.module.css";

type Sent = MoneyActionData["money"] | undefined;

/**
 * "Change the schedule" (issue 46, ADR 090): each line's date and amount (the
 * balance's amount is what the others leave of the total, so only its date),
 * Remove, and Add an instalment. Both roles; a change that would not add up
 * to the total is refused beside its field and nothing is stored.
 */
export function ScheduleEditor({ money, sent }: { money: MoneyPanelData; sent: Sent }) {
  const mine = sent && sent.intent.startsWith("schedule-") ? sent : undefined;
  const forLine = (key: string) => (mine && mine.intent !== "schedule-add" && mine.values.key === key ? mine : undefined);
  const added = mine?.intent === "schedule-add" ? mine : undefined;
  return (
    <details className={styles.scheduleEditor} open={mine !== undefined}>
      <summary>Change the schedule</summary>
      <p className={adminUi.muted}>
        The payments always add up to the total of {formatPaise(money.state.totalPaise)}: the balance is what the others leave, and it follows the total when
        travellers are added.
      </p>
      {money.lines.map((line) => {
        const lineSent = forLine(line.key);
        const error = (name: string) => lineSent?.errors[name]?.[0];
        const id = `schedule-${line.key}-`;
        return (
          <Form key={line.key} method="post" className={`${styles.form} ${styles.scheduleLine}`} aria-label={line.label}>
            <h3 className={styles.formTitle}>{line.label}</h3>
            <input type="hidden" name="key" value={line.key} />
            {line.kind === "balance" ? (
              <p className={styles.balanceNote}>
                {money.lines.length === 1
                  ? `${formatPaise(line.amountPaise)}: the whole total. Add an instalment below to split it.`
                  : `${formatPaise(line.amountPaise)}: what the other payments leave of the total.`}
              </p>
            ) : (
              <TextField
                idPrefix={id}
                name="amount"
                label="Amount (₹)"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={lineSent?.values.amount ?? paiseToDecimalRupees(line.amountPaise)}
                error={error("amount")}
              />
            )}
            <TextField idPrefix={id} name="dueOn" label="Due by" type="date" defaultValue={lineSent?.values.dueOn ?? line.dueOn} error={error("dueOn")} />
            <div className={adminUi.actions}>
              <button type="submit" name="intent" value="schedule-line" className={adminUi.button}>
                Save {line.label.toLowerCase()}
              </button>
              {line.kind === "balance" ? null : (
                <button type="submit" name="intent" value="schedule-remove" className={`${adminUi.button} ${adminUi.danger}`}>
                  Remove
                </button>
              )}
            </div>
            {error("form") ? <p className={`${adminUi.formError} ${styles.wide}`}>{error("form")}</p> : null}
          </Form>
        );
      })}
      <Form method="post" className={`${styles.form} ${styles.scheduleLine}`} aria-labelledby="schedule-add-title">
        <h3 id="schedule-add-title" className={styles.formTitle}>
          Add an instalment
        </h3>
        <input type="hidden" name="intent" value="schedule-add" />
        <TextField
          idPrefix="schedule-add-"
          name="amount"
          label="Amount (₹)"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={added?.values.amount ?? ""}
          error={added?.errors.amount?.[0]}
        />
        <TextField
          idPrefix="schedule-add-"
          name="dueOn"
          label="Due by"
          type="date"
          min={money.today}
          defaultValue={added?.values.dueOn ?? ""}
          error={added?.errors.dueOn?.[0]}
        />
        <div>
          <button type="submit" className={adminUi.button}>
            Add an instalment
          </button>
        </div>
        {added?.errors.form?.[0] ? <p className={`${adminUi.formError} ${styles.wide}`}>{added.errors.form[0]}</p> : null}
      </Form>
    </details>
  );
}
