import { Form, Link } from "react-router";
import { adminUi } from "~/components/admin/admin-page";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { formatWithPaise } from "~/lib/amount-with-paise";
import { INDIAN_STATES } from "~/lib/indian-states";
import { formatTourDate } from "~/lib/tour-format";
import type { DocumentsActionData, DocumentsPanelData } from "~/server/document/documents-page.server";
import type { TripPanelData } from "~/server/trip/trip-staff.server";
import moneyStyles from "./booking-money.module.css";
import styles from "./booking-documents.module.css";

/**
 * A booking's tax documents (issue 47, ADR 092): the list with Download, the
 * Issue buttons the rules allow now, the billing details they print, and for
 * admins a credit note and Cancel. Refusals show beside the form that asked.
 */

const STATE_OPTIONS = [
  { value: "", label: "Choose the state" },
  ...INDIAN_STATES.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` })),
];

function IssueButton({ intent, label, extra }: { intent: string; label: string; extra?: Record<string, string> }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={`${adminUi.button} ${adminUi.small}`}>
        {label}
      </button>
    </Form>
  );
}

function CancelDocument({ id, number, sent }: { id: number; number: string; sent?: DocumentsActionData["documents"] }) {
  const mine = sent?.intent === "cancel-document" && sent.documentId === String(id) ? sent : undefined;
  return (
    <details open={Boolean(mine)}>
      <summary className={`${adminUi.button} ${adminUi.small}`}>Cancel…</summary>
      <Form method="post" className={moneyStyles.form}>
        <input type="hidden" name="intent" value="cancel-document" />
        <input type="hidden" name="documentId" value={id} />
        <TextField
          idPrefix={`cancel-${id}-`}
          name="reason"
          label={`Why is ${number} cancelled?`}
          defaultValue={mine?.values.reason ?? ""}
          error={mine?.errors.reason?.[0]}
        />
        <div>
          <button type="submit" className={`${adminUi.button} ${adminUi.small}`}>
            Cancel document
          </button>
        </div>
      </Form>
    </details>
  );
}

/**
 * The lead traveller's PAN from the trip page, offered for TCS while the booking
 * has no billing PAN (ADR 108, 2026-11-29): masked here; the server opens it.
 */
function TripPanOffer({ offer, error }: { offer: NonNullable<TripPanelData["panForTcs"]>; error?: string }) {
  return (
    <div className={moneyStyles.form} role="group" aria-labelledby="trip-pan-text">
      <p id="trip-pan-text" className={moneyStyles.wide}>
        The lead traveller gave a PAN on the trip page ({offer.masked}).
        {offer.keyMissing ? " It cannot be opened on this server (TRAVELLER_DATA_KEY is not set): type the PAN in Billing details instead." : null}
      </p>
      {offer.keyMissing ? null : (
        <Form method="post">
          <input type="hidden" name="intent" value="trip-pan-for-tcs" />
          <button type="submit" className={`${adminUi.button} ${adminUi.small}`}>
            Use it for TCS
          </button>
        </Form>
      )}
      {error ? (
        <p className={`${adminUi.formError} ${moneyStyles.wide}`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function BookingDocuments({
  panel,
  actionData,
  tripPan,
  tripPanError,
}: {
  panel: DocumentsPanelData;
  actionData?: DocumentsActionData["documents"];
  tripPan?: TripPanelData["panForTcs"];
  tripPanError?: string;
}) {
  const issueError = actionData?.intent.startsWith("issue-") && actionData.intent !== "issue-credit" ? actionData.errors.form?.[0] : undefined;
  const billing = actionData?.intent === "billing" ? actionData : undefined;
  const credit = actionData?.intent === "issue-credit" ? actionData : undefined;
  const field = (name: keyof DocumentsPanelData["billing"]) => ({
    idPrefix: "billing-",
    name,
    defaultValue: billing?.values[name] ?? panel.billing[name],
    error: billing?.errors[name]?.[0],
  });
  return (
    <section className={`${adminUi.panel} ${moneyStyles.money}`} aria-labelledby="documents-title">
      <h2 id="documents-title" className={adminUi.panelTitle}>
        Documents
      </h2>
      {panel.setupProblem ? (
        <p className={adminUi.muted}>
          {panel.setupProblem} {panel.canCorrect ? <Link to="/admin/settings">Open Settings</Link> : "Ask an admin."}
        </p>
      ) : null}
      <p className={adminUi.muted} id="documents-note">
        Issued documents are never changed: a cancelled one stays, marked.
      </p>
      {panel.documents.length === 0 ? (
        <p>No documents yet.</p>
      ) : (
        <ul className={styles.list} aria-describedby="documents-note">
          {panel.documents.map((doc) => (
            <li key={doc.id} className={doc.cancelled ? `${styles.item} ${moneyStyles.reversed}` : styles.item}>
              <div>
                <strong className={styles.number}>{doc.number}</strong> {doc.title}
                {doc.cancelled ? ` (cancelled: ${doc.cancelled.reason})` : null}
                <br />
                <span className={adminUi.muted}>
                  {formatTourDate(doc.date)} · {formatWithPaise(doc.amountPaise)}
                </span>
              </div>
              <div className={adminUi.actions}>
                <a className={`${adminUi.button} ${adminUi.small}`} href={doc.href} download aria-label={`Download ${doc.title} ${doc.number}`}>
                  Download
                </a>
                {panel.canCorrect && !doc.cancelled ? <CancelDocument id={doc.id} number={doc.number} sent={actionData} /> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {panel.canIssue ? (
        <div className={adminUi.actions}>
          {panel.quote ? <IssueButton intent="issue-quote" label="Issue quote" /> : null}
          {panel.receipts.map((receipt) => (
            <IssueButton key={receipt.paymentId} intent="issue-receipt" label={receipt.label} extra={{ paymentId: String(receipt.paymentId) }} />
          ))}
          {panel.invoice?.ready ? <IssueButton intent="issue-invoice" label="Issue tax invoice" /> : null}
        </div>
      ) : null}
      {panel.invoice && !panel.invoice.ready ? <p className={adminUi.muted}>{panel.invoice.when}</p> : null}
      {issueError ? (
        <p className={adminUi.formError} role="alert">
          {issueError}
        </p>
      ) : null}
      {panel.canCorrect && panel.credit ? (
        <Form method="post" className={moneyStyles.form} aria-labelledby="credit-title">
          <h3 id="credit-title" className={moneyStyles.formTitle}>
            {panel.credit.label}
          </h3>
          <input type="hidden" name="intent" value="issue-credit" />
          {panel.credit.amountAllowed ? (
            <TextField
              idPrefix="credit-"
              name="amount"
              label="Lower the invoice by (₹; empty: from the refund rule)"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={credit?.values.amount ?? ""}
              error={credit?.errors.amount?.[0]}
            />
          ) : null}
          <TextField idPrefix="credit-" name="reason" label="Reason (printed)" defaultValue={credit?.values.reason ?? ""} error={credit?.errors.reason?.[0]} />
          <div>
            <button type="submit" className={`${adminUi.button} ${adminUi.small}`}>
              {panel.credit.label}
            </button>
          </div>
          {credit?.errors.form ? (
            <p className={`${adminUi.formError} ${moneyStyles.wide}`} role="alert">
              {credit.errors.form[0]}
            </p>
          ) : null}
        </Form>
      ) : null}
      {panel.canIssue && tripPan ? <TripPanOffer offer={tripPan} error={tripPanError} /> : null}
      {panel.canIssue ? (
        <details className={moneyStyles.scheduleEditor} open={Boolean(billing)}>
          <summary className={moneyStyles.formTitle}>Billing details (printed on the documents)</summary>
          <Form method="post" className={moneyStyles.form}>
            <input type="hidden" name="intent" value="billing" />
            <div className={moneyStyles.wide}>
              <TextAreaField {...field("address")} label="Address" rows={3} />
            </div>
            <SelectField {...field("stateCode")} label="State (GST)" options={STATE_OPTIONS} />
            <TextField {...field("pan")} label="PAN (for TCS)" autoComplete="off" />
            <TextField {...field("companyName")} label="Paying business (optional)" />
            <TextField {...field("gstin")} label="Its GSTIN" autoComplete="off" />
            <div>
              <button type="submit" className={`${adminUi.button} ${adminUi.small}`}>
                Save billing details
              </button>
            </div>
            {billing?.errors.form ? (
              <p className={`${adminUi.formError} ${moneyStyles.wide}`} role="alert">
                {billing.errors.form[0]}
              </p>
            ) : null}
          </Form>
        </details>
      ) : null}
    </section>
  );
}
