import { Form } from "react-router";
import { TextField } from "~/components/ui/form-field";
import { adminUi, Panel } from "../admin-page";
import styles from "./account.module.css";

type Enrolment = { secret: string; otpauthUrl: string; qrSvgDataUrl: string; recoveryCodes: string[] };
type TwoStepState = { enrolment?: Enrolment; recoveryCodes?: string[]; errors: Record<string, string> };

/** The secret in groups of four, as authenticator apps show and accept it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

function RecoveryCodes({ codes }: { codes: string[] }) {
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`Pravas back office: recovery codes (each works once)\n\n${codes.join("\n")}\n`)}`;
  return (
    <div className={styles.codes}>
      <p>
        <strong>Recovery codes.</strong> If your phone is lost, each of these signs you in once. Save them now (print them, or keep the file somewhere safe):
        they are not shown again.
      </p>
      <ul aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <a className={`${adminUi.button} ${adminUi.small}`} href={file} download="pravas-recovery-codes.txt">
        Download the codes
      </a>
    </div>
  );
}

function PasswordForm({ intent, label, button, error, danger }: { intent: string; label: string; button: string; error?: string; danger?: boolean }) {
  return (
    <Form method="post" noValidate className={styles.inline}>
      <input type="hidden" name="intent" value={intent} />
      <TextField idPrefix={`${intent}-`} name="password" label={label} type="password" autoComplete="current-password" required error={error} />
      <button type="submit" className={`${adminUi.button} ${danger ? adminUi.danger : adminUi.primary}`}>
        {button}
      </button>
    </Form>
  );
}

/**
 * Two-step sign-in on the account page (ADR 033): off → password → a QR code
 * (and the secret as text) plus recovery codes → the first code turns it on.
 * On: new recovery codes, or off (unless an admin requires it). Plain forms.
 */
export function TwoStepPanel({ enabled, required, state }: { enabled: boolean; required: boolean; state?: TwoStepState }) {
  const errors = state?.errors ?? {};
  const enrolment = state?.enrolment;
  return (
    <Panel title="Two-step sign-in" id="two-step">
      {errors.twoStep ? (
        <p className={adminUi.formError} role="alert">
          {errors.twoStep}
        </p>
      ) : null}
      {enabled ? (
        <>
          <p>
            <span className={`${adminUi.badge} ${adminUi.badgeOk}`}>On</span> Signing in asks for a code from your authenticator app after your password.
          </p>
          {state?.recoveryCodes ? <RecoveryCodes codes={state.recoveryCodes} /> : null}
          <PasswordForm intent="2fa-codes" label="Password, for new recovery codes" button="Make new recovery codes" error={errors.codesPassword} />
          {required ? (
            <p className={adminUi.muted}>An admin requires two-step sign-in for every staff account, so it cannot be turned off.</p>
          ) : (
            <PasswordForm intent="2fa-off" label="Password, to turn it off" button="Turn two-step sign-in off" error={errors.twoStepPassword} danger />
          )}
        </>
      ) : enrolment ? (
        <div className={styles.enrol}>
          <ol className={styles.steps}>
            <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password …) and add an account.</li>
            <li>
              Scan this code, or type the key below it.
              <img className={styles.qr} src={enrolment.qrSvgDataUrl} width={200} height={200} alt="QR code for your authenticator app" />
              <span className={styles.secret}>
                Key: <code>{grouped(enrolment.secret)}</code>
              </span>
            </li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <RecoveryCodes codes={enrolment.recoveryCodes} />
          <Form method="post" noValidate className={styles.inline}>
            <input type="hidden" name="intent" value="2fa-confirm" />
            <input type="hidden" name="otpauthUrl" value={enrolment.otpauthUrl} />
            {enrolment.recoveryCodes.map((code) => (
              <input key={code} type="hidden" name="recoveryCode" value={code} />
            ))}
            <TextField name="code" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" maxLength={9} required error={errors.code} />
            <button type="submit" className={`${adminUi.button} ${adminUi.primary}`}>
              Turn two-step sign-in on
            </button>
          </Form>
        </div>
      ) : (
        <>
          <p>
            <span className={`${adminUi.badge} ${adminUi.badgeOff}`}>Off</span> Add a code from your phone to your password, so a stolen password alone does not
            open the back office.
          </p>
          <PasswordForm intent="2fa-begin" label="Password, to set it up" button="Set up two-step sign-in" error={errors.twoStepPassword} />
        </>
      )}
    </Panel>
  );
}
