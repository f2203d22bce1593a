import { Form } from "react-router";
import { adminUi } from "~/components/admin/admin-page";
import { SelectField, TextField } from "~/components/ui/form-field";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "~/lib/payment-ledger";
import { formatPaise } from "~/lib/price";
import type { MoneyActionData, MoneyPanelData } from "~/server/payment-ledger/money-page.server";
import styles from "./booking-money.module.css";

const METHOD_OPTIONS = PAYMENT_METHODS.filter((method) => method !== "gateway").map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

/**
 * "Record a refund" (admins, ADR 090): money paid back is an entry of its
 * own, with the reason; never more than is paid, never dated after today.
 */
export function RefundForm({ money, sent }: { money: MoneyPanelData; sent: MoneyActionData["money"] | undefined }) {
  const refund = sent?.intent === "record-refund" ? sent : undefined;
  const field = (name: string, fallback = "") => ({
    idPrefix: "refund-",
    name,
    defaultValue: refund?.values[name] ?? fallback,
    error: refund?.errors[name]?.[0],
  });
  return (
    <Form method="post" className={styles.form} aria-labelledby="record-refund-title">
      <h3 id="record-refund-title" className={styles.formTitle}>
        Record a refund (admins)
      </h3>
      <p className={`${adminUi.muted} ${styles.wide}`}>Up to {formatPaise(Math.max(0, money.state.paidPaise))}, what is paid on this booking now.</p>
      <input type="hidden" name="intent" value="record-refund" />
      <TextField {...field("amount")} label="Amount (₹)" inputMode="decimal" autoComplete="off" />
      <TextField {...field("paidOn", money.today)} label="Paid back on" type="date" max={money.today} />
      <SelectField {...field("method", "upi")} label="Method" options={METHOD_OPTIONS} />
      <TextField {...field("reference")} label="UTR or reference (optional)" autoComplete="off" />
      <TextField {...field("reason")} label="Reason" />
      <div>
        <button type="submit" className={`${adminUi.button} ${adminUi.danger}`}>
          Record refund
        </button>
      </div>
      {refund?.errors.form?.[0] ? <p className={`${adminUi.formError} ${styles.wide}`}>{refund.errors.form[0]}</p> : null}
    </Form>
  );
}
