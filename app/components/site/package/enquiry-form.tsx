import { useState } from "react";
import { useLocation } from "react-router";
import { HoneypotField, TextAreaField, TextField } from "~/components/ui/form-field";
import { usePageForm } from "~/components/site/use-page-form";
import { VisitorContactFields } from "./visitor-contact-fields";
import { ENQUIRY_LIMITS as LIMITS, FLEXIBLE_MONTH } from "~/lib/enquiry-limits";
import { FETCHER_POST_FIELD, type PageFormResult } from "~/lib/page-form";
import { formatMonth } from "~/lib/tour-format";
import fieldStyles from "~/components/ui/form-field.module.css";
import styles from "./enquiry-form.module.css";

type EnquiryFormProps = {
  packageTitle: string;
  /** "yyyy-mm" values for the preferred-month select, from the server's today. */
  months: string[];
  /** Keeps ids unique when the page and the dialog both hold the form. */
  idPrefix: string;
  /** The post without JavaScript: its answer from the page's action, or the thank-you after it redirected back. */
  initial?: PageFormResult;
  /** Called after the enquiry is stored (the dialog moves focus to the thank-you). */
  onSent?: () => void;
};

/**
 * The package enquiry form (spec §2). It posts to the package page's action,
 * with a fetcher once the scripts run and as a plain form before (ADR 068),
 * and shows the answer in place.
 */
export function EnquiryForm({ packageTitle, months, idPrefix, initial, onSent }: EnquiryFormProps) {
  const page = usePageForm({ id: `${idPrefix}enquiry-form`, initial, onSent });
  const { fetcher, form, answer, sending, sent, failed, error, value, key, field, enhanced, sentNoticeRef } = page;
  const { pathname } = useLocation();
  // "Send another enquiry" puts the fields back after a thank-you.
  const [dismissed, setDismissed] = useState<PageFormResult | undefined>();
  const thanked = sent && answer !== dismissed ? sent : undefined;

  const monthId = `${idPrefix}preferredMonth`;
  return (
    <fetcher.Form id={form.id} method="post" className={styles.form} onSubmit={form.onSubmit}>
      <p className={styles.package}>
        Package: <strong>{packageTitle}</strong>
      </p>
      {enhanced ? <input type="hidden" name={FETCHER_POST_FIELD} value="1" /> : null}
      {/* Once sent, the thank-you replaces the fields (they stay in the page, hidden). */}
      <div className={styles.fields} hidden={Boolean(thanked)}>
        <VisitorContactFields idPrefix={idPrefix} fields={page} />
        <div className={styles.pair}>
          <TextField
            idPrefix={idPrefix}
            key={key("travellers")}
            {...field("travellers", "2")}
            label="Number of travellers"
            type="number"
            inputMode="numeric"
            min={LIMITS.travellersMin}
            max={LIMITS.travellersMax}
            required
          />
          <div className={fieldStyles.field}>
            <label htmlFor={monthId} className={fieldStyles.label}>
              Preferred month
            </label>
            <select
              key={key("preferredMonth")}
              id={monthId}
              name="preferredMonth"
              className={`${fieldStyles.control} ${styles.select}`}
              defaultValue={value("preferredMonth") ?? FLEXIBLE_MONTH}
              aria-invalid={error("preferredMonth") ? true : undefined}
              aria-describedby={error("preferredMonth") ? `${monthId}-error` : undefined}
            >
              <option value={FLEXIBLE_MONTH}>I'm flexible</option>
              {months.map((month) => (
                <option key={month} value={month}>
                  {formatMonth(month)}
                </option>
              ))}
            </select>
            {error("preferredMonth") ? (
              <p id={`${monthId}-error`} className={fieldStyles.error}>
                {error("preferredMonth")}
              </p>
            ) : null}
          </div>
        </div>
        <TextAreaField idPrefix={idPrefix} key={key("message")} {...field("message")} label="Message (optional)" rows={3} maxLength={LIMITS.messageMax} />
        <HoneypotField />
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? "Sending..." : "Send Enquiry"}
        </button>
      </div>
      {/* Both live regions are always present, so screen readers announce what appears in them. */}
      <p ref={sentNoticeRef} tabIndex={-1} role="status" className={thanked ? styles.sent : "visually-hidden"}>
        {thanked ?? ""}
      </p>
      <p role="alert" className={failed ? styles.failed : "visually-hidden"}>
        {failed ?? ""}
      </p>
      {thanked ? (
        <a
          href={`${pathname}#enquire`}
          className={`btn btn-outline ${styles.again}`}
          onClick={(event) => {
            event.preventDefault();
            setDismissed(answer);
          }}
        >
          Send another enquiry
        </a>
      ) : null}
    </fetcher.Form>
  );
}
