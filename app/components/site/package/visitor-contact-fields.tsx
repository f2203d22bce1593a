import { TextField } from "~/components/ui/form-field";
import { ENQUIRY_LIMITS as LIMITS } from "~/lib/enquiry-limits";
import styles from "./enquiry-form.module.css";

/** What `usePageForm` says about each field: its remount key, the typed value and the first error. */
type FieldState = {
  key: (name: string) => string | undefined;
  value: (name: string) => string | undefined;
  error: (name: string) => string | undefined;
};

/**
 * Who is asking: name, phone and the optional e-mail, with the enquiry's
 * limits. The package enquiry and "Request seats" ask the same way (issue 26
 * §3: "the same rules as the enquiry form").
 */
export function VisitorContactFields({ idPrefix, fields }: { idPrefix: string; fields: FieldState }) {
  const { key, value, error } = fields;
  return (
    <>
      <TextField
        idPrefix={idPrefix}
        key={key("name")}
        name="name"
        label="Your name"
        autoComplete="name"
        required
        maxLength={LIMITS.nameMax}
        defaultValue={value("name")}
        error={error("name")}
      />
      <div className={styles.pair}>
        <TextField
          idPrefix={idPrefix}
          key={key("phone")}
          name="phone"
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          maxLength={LIMITS.phoneMax}
          defaultValue={value("phone")}
          error={error("phone")}
        />
        <TextField
          idPrefix={idPrefix}
          key={key("email")}
          name="email"
          label="E-mail (optional)"
          type="email"
          autoComplete="email"
          maxLength={LIMITS.emailMax}
          defaultValue={value("email")}
          error={error("email")}
        />
      </div>
    </>
  );
}
