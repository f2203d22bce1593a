import { useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { HoneypotField, TextField } from "~/components/ui/form-field";
import { sendLead } from "./lead-outbox";
import styles from "./lead-popup-dialog.module.css";

type Errors = { name?: string; phone?: string; form?: string };

type LeadPopupDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The lead was stored, or kept to be sent on the next visit. */
  onSubmitted: () => void;
};

/**
 * The popup itself: a modal dialog asking for name and phone (spec §5). Loaded
 * only when it is first shown, so pages don't pay for it up front.
 */
export default function LeadPopupDialog({ open, onClose, onSubmitted }: LeadPopupDialogProps) {
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  const close = () => {
    setErrors({});
    onClose();
  };

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const focusField = (field: string) => (formElement.elements.namedItem(field) as HTMLInputElement | null)?.focus();
    const form = new FormData(formElement);
    const name = String(form.get("name") ?? "").trim();
    const phone = String(form.get("phone") ?? "").trim();
    const missing: Errors = {};
    if (!name) missing.name = "Please enter your name.";
    if (!phone) missing.phone = "Please enter your phone number.";
    setErrors(missing);
    if (missing.name || missing.phone) {
      focusField(missing.name ? "name" : "phone");
      return;
    }

    setSending(true);
    const result = await sendLead({ name, phone, website: String(form.get("website") ?? "") });
    setSending(false);
    if (result.status === "invalid") {
      setErrors({ ...result.fields, form: result.error });
      focusField(result.fields.phone && !result.fields.name ? "phone" : "name");
      return;
    }
    // Sent, or kept to be sent on the next visit: either way the popup is done.
    formElement.reset();
    onSubmitted();
  }

  return (
    <Dialog open={open} onClose={close} labelledBy="lead-popup-title" className={styles.dialog}>
      <button type="button" className={styles.close} onClick={close}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">Close</span>
      </button>
      <p className={styles.eyebrow}>Free trip planning</p>
      <h2 id="lead-popup-title" className={styles.title}>
        Where would you like to go next?
      </h2>
      <p className={styles.lede}>Leave your name and number, and a Pravas travel expert will call you back.</p>
      <form method="post" action="/api/leads" noValidate className={styles.form} onSubmit={onSubmit}>
        <TextField name="name" idPrefix="lead-" label="Name" placeholder="Enter Your Name Here" autoComplete="name" required error={errors.name} />
        <TextField
          name="phone"
          idPrefix="lead-"
          label="Phone"
          type="tel"
          placeholder="Enter Your Phone Here"
          autoComplete="tel"
          required
          error={errors.phone}
        />
        <HoneypotField />
        {errors.form && !errors.name && !errors.phone ? (
          <p role="alert" className={styles.error}>
            {errors.form}
          </p>
        ) : null}
        <button type="submit" className={`btn btn-primary ${styles.submit}`} disabled={sending}>
          {sending ? "Sending..." : "Submit"}
        </button>
      </form>
    </Dialog>
  );
}
