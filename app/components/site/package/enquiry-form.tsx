import { useRef, useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { HoneypotField, TextAreaField, TextField } from "~/components/ui/form-field";
import { ENQUIRY_LIMITS as LIMITS, FLEXIBLE_MONTH } from "~/lib/enquiry-limits";
import { formatMonth } from "~/lib/tour-format";
import fieldStyles from "~/components/ui/form-field.module.css";
import styles from "./enquiry-form.module.css";

export type EnquiryFormState = {
  /** Inline errors by field, from the shared Zod schema. */
  fields?: Record<string, string>;
  /** What was typed, kept when the form comes back with errors. */
  values?: Record<string, string>;
  /** The thank-you after the no-JavaScript post redirected back. */
  sent?: string;
  /** Why the no-JavaScript post could not be stored (the values come back with it). */
  failed?: string;
};

type EnquiryFormProps = {
  packageId: number;
  packageTitle: string;
  /** "yyyy-mm" values for the preferred-month select, from the server's today. */
  months: string[];
  /** Keeps ids unique when the page and the dialog both hold the form. */
  idPrefix: string;
  /** The no-JavaScript round trip: errors and values from the page's action. */
  initial?: EnquiryFormState;
  /** Called after the enquiry is stored (the dialog moves focus to the thank-you). */
  onSent?: () => void;
};

type Status = { kind: "idle" } | { kind: "sending" } | { kind: "sent"; message: string } | { kind: "failed"; message: string };

const FIELD_ORDER = ["name", "phone", "email", "travellers", "preferredMonth", "message"];

/**
 * The package enquiry form (spec §2). Without JavaScript it posts to the
 * package page, whose action stores it and redirects back with a notice. With
 * JavaScript it posts to POST /api/enquiries and shows the answer in place.
 */
export function EnquiryForm({ packageId, packageTitle, months, idPrefix, initial, onSent }: EnquiryFormProps) {
  const [status, setStatus] = useState<Status>(
    initial?.sent ? { kind: "sent", message: initial.sent } : initial?.failed ? { kind: "failed", message: initial.failed } : { kind: "idle" },
  );
  const [errors, setErrors] = useState<Record<string, string>>(initial?.fields ?? {});
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const values = initial?.values ?? {};
  const { pathname } = useLocation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === "string") body.append(key, value);
    body.set("packageId", String(packageId));
    setStatus({ kind: "sending" });
    try {
      const response = await fetch("/api/enquiries", { method: "POST", body });
      const answer = (await response.json().catch(() => ({}))) as { message?: string; error?: string; fields?: Record<string, string> };
      if (response.ok) {
        form.reset();
        setErrors({});
        setStatus({ kind: "sent", message: answer.message ?? "Thank you! Your enquiry has been sent." });
        onSent?.();
        requestAnimationFrame(() => noticeRef.current?.focus());
        return;
      }
      const fields = answer.fields ?? {};
      setErrors(fields);
      const firstBad = FIELD_ORDER.find((name) => fields[name]);
      if (firstBad) {
        setStatus({ kind: "idle" });
        requestAnimationFrame(() => form.querySelector<HTMLElement>(`[name="${firstBad}"]`)?.focus());
      } else {
        setStatus({ kind: "failed", message: answer.error ?? "Something went wrong. Please try again." });
      }
    } catch {
      setStatus({ kind: "failed", message: "Something went wrong. Please try again." });
    }
  }

  const sending = status.kind === "sending";
  const monthId = `${idPrefix}preferredMonth`;
  return (
    <form ref={formRef} method="post" className={styles.form} onSubmit={submit}>
      <p className={styles.package}>
        Package: <strong>{packageTitle}</strong>
      </p>
      <input type="hidden" name="packageId" value={packageId} />
      {/* Once sent, the thank-you replaces the fields (they stay in the page, hidden). */}
      <div className={styles.fields} hidden={status.kind === "sent"}>
        <TextField
          idPrefix={idPrefix}
          name="name"
          label="Your name"
          autoComplete="name"
          required
          maxLength={LIMITS.nameMax}
          defaultValue={values.name}
          error={errors.name}
        />
        <div className={styles.pair}>
          <TextField
            idPrefix={idPrefix}
            name="phone"
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={LIMITS.phoneMax}
            defaultValue={values.phone}
            error={errors.phone}
          />
          <TextField
            idPrefix={idPrefix}
            name="email"
            label="E-mail (optional)"
            type="email"
            autoComplete="email"
            maxLength={LIMITS.emailMax}
            defaultValue={values.email}
            error={errors.email}
          />
        </div>
        <div className={styles.pair}>
          <TextField
            idPrefix={idPrefix}
            name="travellers"
            label="Number of travellers"
            type="number"
            inputMode="numeric"
            min={LIMITS.travellersMin}
            max={LIMITS.travellersMax}
            required
            defaultValue={values.travellers ?? "2"}
            error={errors.travellers}
          />
          <div className={fieldStyles.field}>
            <label htmlFor={monthId} className={fieldStyles.label}>
              Preferred month
            </label>
            <select
              id={monthId}
              name="preferredMonth"
              className={`${fieldStyles.control} ${styles.select}`}
              defaultValue={values.preferredMonth ?? FLEXIBLE_MONTH}
              aria-invalid={errors.preferredMonth ? true : undefined}
              aria-describedby={errors.preferredMonth ? `${monthId}-error` : undefined}
            >
              <option value={FLEXIBLE_MONTH}>I'm flexible</option>
              {months.map((month) => (
                <option key={month} value={month}>
                  {formatMonth(month)}
                </option>
              ))}
            </select>
            {errors.preferredMonth ? (
              <p id={`${monthId}-error`} className={fieldStyles.error}>
                {errors.preferredMonth}
              </p>
            ) : null}
          </div>
        </div>
        <TextAreaField
          idPrefix={idPrefix}
          name="message"
          label="Message (optional)"
          rows={3}
          maxLength={LIMITS.messageMax}
          defaultValue={values.message}
          error={errors.message}
        />
        <HoneypotField />
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? "Sending..." : "Send Enquiry"}
        </button>
      </div>
      {/* Both live regions are always present, so screen readers announce what appears in them. */}
      <p ref={noticeRef} tabIndex={-1} role="status" className={status.kind === "sent" ? styles.sent : "visually-hidden"}>
        {status.kind === "sent" ? status.message : ""}
      </p>
      <p role="alert" className={status.kind === "failed" ? styles.failed : "visually-hidden"}>
        {status.kind === "failed" ? status.message : ""}
      </p>
      {status.kind === "sent" ? (
        <a
          href={`${pathname}#enquire`}
          className={`btn btn-outline ${styles.again}`}
          onClick={(event) => {
            event.preventDefault();
            setStatus({ kind: "idle" });
          }}
        >
          Send another enquiry
        </a>
      ) : null}
    </form>
  );
}
