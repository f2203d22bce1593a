import { Link } from "react-router";
import { HoneypotField, TextAreaField, TextField } from "~/components/ui/form-field";
import { usePageForm } from "~/components/site/use-page-form";
import { CONTACT_INVALID, type ContactField } from "~/lib/contact-form";
import { FETCHER_POST_FIELD, type PageFormResult } from "~/lib/page-form";
import styles from "./contact-form.module.css";

/**
 * Spec §4 contact form: idle → sending (button disabled, 'Sending...') →
 * success (fields cleared, 'Message sent successfully!') or failure
 * ('Something went wrong. Please try again.', typed data kept). One action,
 * /contact's, for the fetcher post and the post without JavaScript (ADR 068).
 */
export function ContactForm({ initial }: { initial?: PageFormResult }) {
  const page = usePageForm({ id: "contact-form", initial });
  const { fetcher, form, sending, sent, failed, key, enhanced } = page;
  const invalid = !sending && form.status === "error";

  const field = (name: ContactField) => ({ ...page.field(name), required: true, idPrefix: "contact-" });

  return (
    <fetcher.Form
      id={form.id}
      method="post"
      action="/contact"
      className={styles.form}
      onSubmit={form.onSubmit}
      aria-busy={sending}
      aria-labelledby="contact-form-title"
      data-enhanced={enhanced ? "" : undefined}
    >
      <h2 id="contact-form-title" className={styles.title}>
        Send us a message
      </h2>
      <p className={styles.intro}>Tell us about the trip you have in mind and we will get back to you within one working day.</p>
      {enhanced ? <input type="hidden" name={FETCHER_POST_FIELD} value="1" /> : null}
      <div className={styles.row}>
        <TextField label="First name" autoComplete="given-name" maxLength={80} {...field("firstName")} key={key("firstName")} />
        <TextField label="Last name" autoComplete="family-name" maxLength={80} {...field("lastName")} key={key("lastName")} />
      </div>
      <div className={styles.row}>
        <TextField label="E-mail" type="email" autoComplete="email" maxLength={254} {...field("email")} key={key("email")} />
        <TextField label="Phone" type="tel" autoComplete="tel" maxLength={25} {...field("phone")} key={key("phone")} />
      </div>
      <TextAreaField label="Message" rows={5} maxLength={5000} {...field("message")} key={key("message")} />
      <HoneypotField />

      <div className={styles.actions}>
        <button type="submit" className={`btn btn-primary ${styles.submit}`} disabled={sending}>
          {sending ? "Sending..." : "Send Message"}
        </button>
        <div role="status">{sent ? <p className={styles.success}>{sent}</p> : null}</div>
        <div role="alert">
          {failed ? <p className={styles.failure}>{failed}</p> : null}
          {invalid && !failed ? <p className={styles.failure}>{CONTACT_INVALID}</p> : null}
        </div>
        <p className={styles.consent}>
          We use these details only to answer your message. See our <Link to="/legal/privacy-policy">Privacy Policy</Link> for how to withdraw consent or ask us
          to delete your data.
        </p>
      </div>
    </fetcher.Form>
  );
}
