import { useState } from "react";
import { Form, Link } from "react-router";
import { adminUi } from "~/components/admin/admin-page";
import { SelectField, TextField } from "~/components/ui/form-field";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "~/lib/payment-ledger";
import { formatPaise } from "~/lib/price";
import { formatTourDate } from "~/lib/tour-format";
import type { MoneyActionData, MoneyPanelData } from "~/server/payment-ledger/money-page.server";
import styles from "./booking-money.module.css";
import { RefundForm } from "./booking-refund-form";
import { PaymentProofField } from "./payment-proof-field";
import { ScheduleEditor } from "./booking-schedule-editor";

/**
 * A booking's money (issue 46, ADR 090): the computed state, the schedule,
 * each amount due with its UPI QR, link, Copy and WhatsApp, the ledger, and
 * "Record payment" (both roles); refunds and reversals for admins.
 */

const METHOD_OPTIONS = PAYMENT_METHODS.filter((method) => method !== "gateway").map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={`${adminUi.button} ${adminUi.small}`}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? "Copied" : label}
    </button>
  );
}

function Due({ due, offersLinks }: { due: MoneyPanelData["dues"][number]; offersLinks: boolean }) {
  return (
    <div className={styles.due}>
      {due.qrSvg ? (
        <img
          className={styles.qr}
          src={`data:image/svg+xml;utf8,${encodeURIComponent(due.qrSvg)}`}
          alt={`UPI QR code: pay ${formatPaise(due.amountPaise)} (${due.label.toLowerCase()})`}
        />
      ) : null}
      <div>
        <p>
          <strong>
            {due.label}: {formatPaise(due.amountPaise)}
          </strong>{" "}
          <span className={due.overdue ? styles.overdue : undefined}>
            {due.overdue ? "overdue since" : "due by"} {formatTourDate(due.dueOn)}
          </span>
        </p>
        {due.upiUri ? (
          <p className={styles.uri}>
            <a href={due.upiUri}>{due.upiUri}</a>
          </p>
        ) : null}
        {due.link ? (
          <p className={styles.uri}>
            Payment link: <a href={due.link.url}>{due.link.url}</a>
          </p>
        ) : null}
        <div className={`${adminUi.actions}`}>
          {due.upiUri ? <CopyButton text={due.upiUri} label="Copy UPI link" /> : null}
          {due.link ? <CopyButton text={due.link.url} label="Copy payment link" /> : null}
          <a className={`${adminUi.button} ${adminUi.small}`} href={due.whatsapp} target="_blank" rel="noopener noreferrer">
            Send on WhatsApp
          </a>
          {offersLinks && !due.link ? (
            <Form method="post">
              <input type="hidden" name="intent" value="payment-link" />
              <input type="hidden" name="lineKey" value={due.key} />
              <button type="submit" className={`${adminUi.button} ${adminUi.small}`}>
                Make a payment link
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export function BookingMoney({ money, actionData }: { money: MoneyPanelData; actionData?: MoneyActionData["money"] }) {
  const sent = actionData?.intent === "record-payment" ? actionData : undefined;
  const error = (name: string) => sent?.errors[name]?.[0];
  /** A "Record payment" field's shared props: what was sent back (or its default) and its error. */
  const paid = (name: string, fallback = "") => ({ idPrefix: "pay-", name, defaultValue: sent?.values[name] ?? fallback, error: error(name) });
  const reversal = actionData?.intent === "reverse-entry" ? actionData : undefined;
  return (
    <section className={`${adminUi.panel} ${styles.money}`} aria-labelledby="money-title">
      <h2 id="money-title" className={adminUi.panelTitle}>
        Money
      </h2>
      <div className={styles.state}>
        <span className={adminUi.badge}>{money.state.label}</span>
        <span>
          Paid {formatPaise(money.state.paidPaise)} of {formatPaise(money.state.totalPaise)}
          {money.breakdown ? <span className={adminUi.muted}> ({money.breakdown})</span> : null}
        </span>
        {money.closed ? (
          <span>Nothing more is owed: the booking {money.closed === "expired" ? "expired" : "is cancelled"}.</span>
        ) : money.state.owingPaise > 0 ? (
          <span>Owing {formatPaise(money.state.owingPaise)}</span>
        ) : null}
        {money.state.overduePaise > 0 && !money.closed ? <span className={styles.overdue}>Overdue {formatPaise(money.state.overduePaise)}</span> : null}
        {money.state.overpaidPaise > 0 ? <span>Overpaid {formatPaise(money.state.overpaidPaise)}</span> : null}
      </div>

      {/* Focusable: at 390 px with lakh amounts the table may scroll sideways, and the keyboard must reach it (axe). */}
      <div className={styles.scroll} role="region" aria-label="Payment schedule" tabIndex={0}>
        <table className={styles.table}>
          <caption className={adminUi.muted}>Payment schedule</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Due by</th>
              <th scope="col" className={styles.amount}>
                Amount
              </th>
              <th scope="col" className={styles.amount}>
                Paid
              </th>
            </tr>
          </thead>
          <tbody>
            {money.lines.map((line) => (
              <tr key={line.key}>
                <td>{line.label}</td>
                <td className={line.status === "overdue" ? styles.overdue : undefined}>{formatTourDate(line.dueOn)}</td>
                <td className={styles.amount}>{formatPaise(line.amountPaise)}</td>
                <td className={styles.amount}>{formatPaise(line.paidPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {money.canEditSchedule ? <ScheduleEditor money={money} sent={actionData} /> : null}

      {money.dues.length > 0 ? (
        <div className={styles.dues}>
          {!money.upiConfigured ? (
            <p className={adminUi.muted}>
              No UPI QR yet: the agency&apos;s UPI ID and payee name are not set.{" "}
              {money.canSetUpi ? (
                <>
                  Add them in <Link to="/admin/settings#payments">Settings, Payments</Link>, and each amount due gets its QR and UPI link.
                </>
              ) : (
                "An admin adds them in Settings, Payments; each amount due then gets its QR and UPI link."
              )}
            </p>
          ) : null}
          {money.dues.map((due) => (
            <Due key={due.key} due={due} offersLinks={money.offersLinks} />
          ))}
        </div>
      ) : null}

      <div className={styles.scroll} role="region" aria-label="Payments and refunds" tabIndex={0}>
        <table className={styles.table}>
          <caption className={adminUi.muted}>Payments and refunds (the ledger: entries are never changed, only reversed)</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Entry</th>
              <th scope="col" className={styles.amount}>
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {money.ledger.length === 0 ? (
              <tr>
                <td colSpan={3}>No payments yet.</td>
              </tr>
            ) : (
              money.ledger.map((entry) => (
                <tr key={entry.id} className={entry.reversed ? styles.reversed : undefined}>
                  <td>
                    {entry.kind === "payment"
                      ? formatTourDate(entry.receivedOn)
                      : entry.kind === "refund"
                        ? formatTourDate(entry.paidOn)
                        : formatTourDate(entry.recordedAt.slice(0, 10))}
                  </td>
                  <td>
                    {entry.kind === "payment" ? `Payment, ${entry.methodLabel}${entry.reference ? ` ${entry.reference}` : ""}` : null}
                    {entry.proofHref ? (
                      <>
                        {" "}
                        (
                        <a href={entry.proofHref} target="_blank" rel="noopener noreferrer">
                          proof
                        </a>
                        )
                      </>
                    ) : null}
                    {entry.kind === "refund" ? `Refund, ${entry.methodLabel}: ${entry.reason}` : null}
                    {entry.kind === "reversal" ? `Reversal of ${entry.reversesText}: ${entry.reason}` : null}
                    {entry.recordedBy ? <span className={adminUi.muted}> · {entry.recordedBy.name}</span> : null}
                    {entry.reversed ? " (reversed)" : null}
                  </td>
                  <td className={styles.amount}>
                    {entry.kind === "payment" ? formatPaise(entry.amountPaise) : entry.kind === "refund" ? `-${formatPaise(entry.amountPaise)}` : ""}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      {money.canRecord ? (
        // A new entry gives a new, empty form: the amount, UTR and proof just recorded must not stay to be sent again.
        <Form key={money.ledger.length} method="post" className={styles.form} aria-labelledby="record-payment-title">
          <h3 id="record-payment-title" className={styles.formTitle}>
            Record payment
          </h3>
          <input type="hidden" name="intent" value="record-payment" />
          <TextField {...paid("amount")} label="Amount (₹)" inputMode="decimal" autoComplete="off" />
          <TextField {...paid("receivedOn", money.today)} label="Received on" type="date" max={money.today} />
          <SelectField {...paid("method", "upi")} label="Method" options={METHOD_OPTIONS} />
          <TextField {...paid("reference")} label="UTR or reference" autoComplete="off" />
          <TextField {...paid("note")} label="Note (optional)" />
          <PaymentProofField initial={sent?.values.proofKey ?? ""} error={error("proofKey")} />
          <div>
            <button type="submit" className={`${adminUi.button} ${adminUi.primary}`}>
              Record payment
            </button>
          </div>
          {error("form") ? <p className={`${adminUi.formError} ${styles.wide}`}>{error("form")}</p> : null}
        </Form>
      ) : null}

      {money.canCorrect && money.state.paidPaise > 0 ? <RefundForm money={money} sent={actionData} /> : null}

      {money.canCorrect && money.ledger.some((entry) => entry.kind !== "reversal" && !entry.reversed) ? (
        <Form method="post" className={styles.form} aria-labelledby="reverse-title">
          <h3 id="reverse-title" className={styles.formTitle}>
            Reverse an entry (admins)
          </h3>
          <input type="hidden" name="intent" value="reverse-entry" />
          <SelectField
            idPrefix="reverse-"
            name="entryId"
            label="Entry"
            options={money.ledger
              .filter((entry) => entry.kind !== "reversal" && !entry.reversed)
              .map((entry) => ({
                value: String(entry.id),
                label:
                  entry.kind === "reversal"
                    ? ""
                    : `${entry.kind === "payment" ? "Payment" : "Refund"} of ${formatPaise(entry.amountPaise)}${entry.reference ? ` (${entry.reference})` : ""}`,
              }))}
            error={reversal?.errors.entryId?.[0]}
          />
          <TextField idPrefix="reverse-" name="reason" label="Reason" defaultValue={reversal?.values.reason ?? ""} error={reversal?.errors.reason?.[0]} />
          <div>
            <button type="submit" className={`${adminUi.button} ${adminUi.danger}`}>
              Reverse
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
