import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";
import styles from "./form-field.module.css";

type FieldProps = {
  /** Field name; also the base of the ids that tie label, input and error together. */
  name: string;
  label: string;
  /** Inline error from the shared Zod schema; sets aria-invalid and aria-describedby. */
  error?: string;
  /** Prefix for ids when one page has two forms with the same field names. */
  idPrefix?: string;
};

function fieldIds(name: string, idPrefix = "") {
  const id = `${idPrefix}${name}`;
  return { id, errorId: `${id}-error` };
}

/** Label, control and inline error, tied together by ids. */
function FieldFrame({
  name,
  label,
  error,
  idPrefix,
  control,
}: FieldProps & {
  control: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode;
}) {
  const { id, errorId } = fieldIds(name, idPrefix);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {control({ id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined })}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  name,
  label,
  error,
  idPrefix,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">) {
  return (
    <FieldFrame
      name={name}
      label={label}
      error={error}
      idPrefix={idPrefix}
      control={(aria) => <input {...aria} name={name} className={styles.control} {...input} />}
    />
  );
}

export function TextAreaField({
  name,
  label,
  error,
  idPrefix,
  ...textarea
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">) {
  return (
    <FieldFrame
      name={name}
      label={label}
      error={error}
      idPrefix={idPrefix}
      control={(aria) => <textarea {...aria} name={name} className={styles.control} {...textarea} />}
    />
  );
}

/**
 * Hidden from people (off-screen, not focusable); bots fill it. Its name is
 * HONEYPOT_FIELD in app/server/forms/form-input.server.ts.
 */
export function HoneypotField() {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
