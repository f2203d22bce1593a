import type { SiteSettingsFormValues } from "~/lib/site-settings-schema";
import type { PaymentGatewayStatus } from "~/server/payment/gateway-from-env.server";
import { adminUi, Panel } from "../admin-page";
import { EditorInput } from "../packages/editor-field";
import styles from "./settings-form.module.css";

const GATEWAY_NAMES: Record<PaymentGatewayStatus["gateway"], string> = {
  razorpay: "Razorpay: a payment link for each amount due",
  fake: "The test gateway: a local page that plays a gateway (for trying things out; anyone could “pay”)",
  none: "None: travellers pay by UPI and the team records payments",
};

const yes = (set: boolean) => (set ? "set" : "not set");

/**
 * Settings' Payments (issue 46, ADR 090): the agency's UPI ID and payee name,
 * which every amount due's QR and UPI link use, and the payment gateway's
 * state, read-only: it is set in the server's environment, never here.
 */
export function PaymentsPanel({ values, gateway }: { values: SiteSettingsFormValues; gateway: PaymentGatewayStatus }) {
  return (
    <Panel title="Payments" id="payments">
      <p className={adminUi.muted}>Every amount due on a booking gets a UPI QR and link for the exact amount, paid straight to this account.</p>
      <div className={styles.grid}>
        <EditorInput
          name="upiId"
          label="UPI ID (optional)"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={255}
          hint="Like pravas@okhdfcbank: a name, @ and the bank or app's handle. Empty: no UPI QR."
          defaultValue={values.upiId}
        />
        <EditorInput
          name="upiPayeeName"
          label="Payee name"
          maxLength={100}
          hint="The name on the account: UPI apps show it to the payer before they pay."
          defaultValue={values.upiPayeeName}
        />
      </div>
      <div className={styles.grid}>
        <EditorInput
          name="paymentReminderDays"
          label="Reminder e-mails, days before each due date"
          inputMode="numeric"
          autoComplete="off"
          maxLength={40}
          hint="Like 7, 1: the lead traveller gets the amount due, the UPI QR and any payment link at 9:00 am (India) on those days. Empty: no reminders."
          defaultValue={values.paymentReminderDays}
        />
      </div>
      <h3 className={styles.subTitle}>Payment gateway</h3>
      <dl className={styles.facts}>
        <dt>In use</dt>
        <dd>{GATEWAY_NAMES[gateway.gateway]}</dd>
        {gateway.gateway === "razorpay" ? (
          <>
            <dt>Key id</dt>
            <dd>{gateway.keyId}</dd>
            <dt>Key secret</dt>
            <dd>{yes(gateway.keySecretSet)}</dd>
          </>
        ) : null}
        {gateway.webhookUrl ? (
          <>
            <dt>Webhook address</dt>
            <dd className={styles.code}>{gateway.webhookUrl}</dd>
            <dt>Webhook secret</dt>
            <dd>{yes(gateway.webhookSecretSet)}</dd>
          </>
        ) : null}
      </dl>
      <p className={adminUi.muted}>
        The gateway is chosen in the server&apos;s settings (PAYMENT_GATEWAY, PAYMENT_KEY_ID, PAYMENT_KEY_SECRET and PAYMENT_WEBHOOK_SECRET; see the README),
        not here: the keys never pass through this screen.
      </p>
    </Panel>
  );
}
