import { HoneypotField, TextField } from "~/components/ui/form-field";
import { usePageForm } from "~/components/site/use-page-form";
import { FETCHER_POST_FIELD, type PageFormResult } from "~/lib/page-form";
import styles from "./trip.module.css";

/** "Lost your link?": one fetcher form, a plain POST without JavaScript (ADR 068); what was typed stays on failure. */
export function LostLinkForm({ initial }: { initial?: PageFormResult }) {
  const page = usePageForm({ id: "lost-link", initial });
  const { fetcher, form, sending, sent, failed, key, enhanced } = page;
  return (
    <fetcher.Form id={form.id} method="post" action="/trip" className={`${styles.card} ${styles.page}`} onSubmit={form.onSubmit} aria-busy={sending}>
      {enhanced ? <input type="hidden" name={FETCHER_POST_FIELD} value="1" /> : null}
      <TextField
        label="Booking reference"
        placeholder="PRV-7KQ2M"
        autoComplete="off"
        maxLength={20}
        required
        {...page.field("reference")}
        key={key("reference")}
      />
      <TextField label="Phone number or e-mail on the booking" autoComplete="email" maxLength={320} required {...page.field("contact")} key={key("contact")} />
      <HoneypotField />
      <div>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? "Sending..." : "E-mail me a new link"}
        </button>
      </div>
      <div role="status">{sent ? <p className={styles.success}>{sent}</p> : null}</div>
      <div role="alert">{failed ? <p className={styles.error}>{failed}</p> : null}</div>
    </fetcher.Form>
  );
}
