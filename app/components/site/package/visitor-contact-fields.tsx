import type { usePageForm } from "~/components/site/use-page-form";
import { TextField } from "~/components/ui/form-field";
import { ENQUIRY_LIMITS as LIMITS } from "~/lib/enquiry-limits";
import styles from "./enquiry-form.module.css";

/** What `usePageForm` says about each field: its remount key, and its name, typed value and first error. */
type FieldState = Pick<ReturnType<typeof usePageForm>, "key" | "field">;

/**
 * Who is asking: name, phone and the optional e-mail, with the enquiry's
 * limits. The package enquiry and "Request seats" ask the same way (issue 26
 * §3: "the same rules as the enquiry form").
 */
export function VisitorContactFields({ idPrefix, fields }: { idPrefix: string; fields: FieldState }) {
  const { key, field } = fields;
  return (
    <>
      <TextField idPrefix={idPrefix} key={key("name")} {...field("name")} label="Your name" autoComplete="name" required maxLength={LIMITS.nameMax} />
      <div className={styles.pair}>
        <TextField
          idPrefix={idPrefix}
          key={key("phone")}
          {...field("phone")}
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          maxLength={LIMITS.phoneMax}
        />
        <TextField
          idPrefix={idPrefix}
          key={key("email")}
          {...field("email")}
          label="E-mail (optional)"
          type="email"
          autoComplete="email"
          maxLength={LIMITS.emailMax}
        />
      </div>
    </>
  );
}
