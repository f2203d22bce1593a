import { useLayoutEffect, useRef, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
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

export function TextField({ name, label, error, idPrefix, ...input }: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">) {
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

export function TextAreaField({ name, label, error, idPrefix, ...textarea }: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">) {
  const typed = useTypedBeforeHydration(fieldIds(name, idPrefix).id);
  return (
    <FieldFrame
      name={name}
      label={label}
      error={error}
      idPrefix={idPrefix}
      control={(aria) => <textarea {...aria} ref={typed} name={name} className={styles.control} {...textarea} />}
    />
  );
}

export function SelectField({
  name,
  label,
  error,
  idPrefix,
  options,
  ...select
}: FieldProps & { options: { value: string; label: string }[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id">) {
  return (
    <FieldFrame
      name={name}
      label={label}
      error={error}
      idPrefix={idPrefix}
      control={(aria) => (
        <select {...aria} name={name} className={styles.control} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/**
 * React's hydration puts a textarea's server default (what a failed post sent
 * back) over whatever the visitor typed before the scripts ran (ADR 019).
 * This reads the typed text while hydrating, before React gets there, and
 * puts it back once hydrated. Inputs and selects need no help.
 */
function useTypedBeforeHydration(id: string) {
  const typed = useRef<string | null>(null);
  const element = useRef<HTMLTextAreaElement>(null);
  if (typed.current === null && typeof document !== "undefined" && !document.documentElement.hasAttribute("data-hydrated")) {
    const server = document.getElementById(id);
    if (server instanceof HTMLTextAreaElement && server.value !== server.defaultValue) typed.current = server.value;
  }
  useLayoutEffect(() => {
    const control = element.current;
    if (typed.current !== null && control && control.value !== typed.current) control.value = typed.current;
  }, []);
  return element;
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
