import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { HoneypotField, TextAreaField, TextField } from "~/components/ui/form-field";
import { CONTACT_FAILED, CONTACT_FIELDS, CONTACT_INVALID, CONTACT_SENT, EMPTY_CONTACT, type ContactField, type ContactValues } from "~/lib/contact-form";
import styles from "./contact-form.module.css";

export type ContactFormStatus = "idle" | "sending" | "success" | "error" | "invalid";

type ContactFormProps = {
  /** After a no-JavaScript post: what was typed, the field errors and the outcome. */
  initialValues?: ContactValues;
  initialErrors?: Partial<Record<ContactField, string>>;
  initialStatus?: ContactFormStatus;
};

/**
 * Spec §4 contact form: idle → sending (button disabled, 'Sending...') →
 * success (fields cleared, 'Message sent successfully!') or failure
 * ('Something went wrong. Please try again.', typed data kept).
 * Without JavaScript it is a plain POST to /contact, which redirects back;
 * with JavaScript it posts JSON to /api/contact and stays on the page.
 * The fields are uncontrolled, so what a visitor types before the scripts
 * take over (ADR 019) is still there, and sent, after hydration.
 */
export function ContactForm({ initialValues = EMPTY_CONTACT, initialErrors = {}, initialStatus = "idle" }: ContactFormProps) {
  const [errors, setErrors] = useState(initialErrors);
  const [status, setStatus] = useState<ContactFormStatus>(initialStatus);
  const formRef = useRef<HTMLFormElement>(null);

  // Marks the form as enhanced once hydrated: from then on it sends with fetch.
  useEffect(() => formRef.current?.setAttribute("data-enhanced", ""), []);

  // Editing a field clears its error; the server checks it again on the next send.
  const clearError = (field: ContactField) => () => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === "sending") return;
    const form = event.currentTarget;
    setStatus("sending");
    setErrors({});
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(Object.fromEntries(new FormData(form))),
      });
      if (response.ok) {
        // Cleared, not reset: after a no-JavaScript round trip the defaults are the old message.
        for (const name of CONTACT_FIELDS) (form.elements.namedItem(name) as HTMLInputElement).value = "";
        setErrors({});
        setStatus("success");
        return;
      }
      const body = (await response.json().catch(() => null)) as { fields?: Record<string, string> } | null;
      if (response.status === 400 && body?.fields) {
        setErrors(body.fields);
        setStatus("invalid");
        const first = CONTACT_FIELDS.find((field) => body.fields?.[field]);
        if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        return;
      }
      setStatus("error");
    } catch {
      setStatus("error");
    }
  }

  const sending = status === "sending";
  const field = (name: ContactField) => ({
    name,
    defaultValue: initialValues[name],
    onChange: clearError(name),
    error: errors[name],
    required: true,
    idPrefix: "contact-",
  });

  return (
    <form
      ref={formRef}
      id="contact-form"
      method="post"
      action="/contact"
      className={styles.form}
      onSubmit={onSubmit}
      aria-busy={sending}
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title" className={styles.title}>
        Send us a message
      </h2>
      <p className={styles.intro}>Tell us about the trip you have in mind and we will get back to you within one working day.</p>
      <div className={styles.row}>
        <TextField label="First name" autoComplete="given-name" maxLength={80} {...field("firstName")} />
        <TextField label="Last name" autoComplete="family-name" maxLength={80} {...field("lastName")} />
      </div>
      <div className={styles.row}>
        <TextField label="E-mail" type="email" autoComplete="email" maxLength={254} {...field("email")} />
        <TextField label="Phone" type="tel" autoComplete="tel" maxLength={25} {...field("phone")} />
      </div>
      <TextAreaField label="Message" rows={5} maxLength={5000} {...field("message")} />
      <HoneypotField />

      <div className={styles.actions}>
        <button type="submit" className={`btn btn-primary ${styles.submit}`} disabled={sending}>
          {sending ? "Sending..." : "Send Message"}
        </button>
        <div role="status">{status === "success" ? <p className={styles.success}>{CONTACT_SENT}</p> : null}</div>
        <div role="alert">
          {status === "error" ? <p className={styles.failure}>{CONTACT_FAILED}</p> : null}
          {status === "invalid" ? <p className={styles.failure}>{CONTACT_INVALID}</p> : null}
        </div>
        <p className={styles.consent}>
          We use these details only to answer your message. See our <Link to="/legal/privacy-policy">Privacy Policy</Link> for how to withdraw consent or ask us
          to delete your data.
        </p>
      </div>
    </form>
  );
}
