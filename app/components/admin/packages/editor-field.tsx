import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import fieldStyles from "~/components/ui/form-field.module.css";
import { useFieldError } from "./editor-context";
import styles from "./package-editor.module.css";

type Base = { name: string; label: string; hint?: string };

function Frame({ name, label, hint, children, message, errorId }: Base & { children: React.ReactNode; message?: string; errorId: string }) {
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={name} className={fieldStyles.label}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${name}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={errorId} className={fieldStyles.error}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(aria: string | undefined, name: string, hint?: string) {
  return [aria, hint ? `${name}-hint` : undefined].filter(Boolean).join(" ") || undefined;
}

/** A labelled input named for conform (nested names allowed), with the save's inline error. */
export function EditorInput({ name, label, hint, className, ...input }: Base & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">) {
  const { message, errorId, aria } = useFieldError(name);
  return (
    <Frame name={name} label={label} hint={hint} message={message} errorId={errorId}>
      <input
        id={name}
        name={name}
        className={`${fieldStyles.control} ${className ?? ""}`}
        {...input}
        {...aria}
        aria-describedby={describedBy(aria["aria-describedby"], name, hint)}
      />
    </Frame>
  );
}

export function EditorTextArea({ name, label, hint, ...textarea }: Base & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">) {
  const { message, errorId, aria } = useFieldError(name);
  return (
    <Frame name={name} label={label} hint={hint} message={message} errorId={errorId}>
      <textarea
        id={name}
        name={name}
        className={fieldStyles.control}
        {...textarea}
        {...aria}
        aria-describedby={describedBy(aria["aria-describedby"], name, hint)}
      />
    </Frame>
  );
}

export function EditorSelect({
  name,
  label,
  hint,
  options,
  ...select
}: Base & { options: { value: string; label: string }[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id">) {
  const { message, errorId, aria } = useFieldError(name);
  return (
    <Frame name={name} label={label} hint={hint} message={message} errorId={errorId}>
      <select id={name} name={name} className={fieldStyles.control} {...select} {...aria} aria-describedby={describedBy(aria["aria-describedby"], name, hint)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

const PUBLISH_STATUS_OPTIONS = [
  { value: "draft", label: "Draft (only staff see it)" },
  { value: "published", label: "Published" },
];

/** A package's or blog post's status: drafts only staff see, or published. */
export function PublishStatusField({ defaultValue }: { defaultValue: string }) {
  return <EditorSelect name="status" label="Status" defaultValue={defaultValue} options={PUBLISH_STATUS_OPTIONS} />;
}

/**
 * A choice between a few shapes of the same field (the price's shape, the deposit's kind): radios in a
 * fieldset whose error, read from `errorName`, is named by the fieldset. The caller keeps the choice, as the
 * fields below it follow it.
 */
export function EditorRadioGroup<Value extends string>({
  name,
  errorName,
  legend,
  options,
  value,
  onChange,
}: {
  name: string;
  errorName: string;
  legend: string;
  options: readonly (readonly [Value, string])[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  const { message, errorId } = useFieldError(errorName);
  return (
    <fieldset className={styles.fieldset} aria-describedby={message ? errorId : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {message ? (
        <p id={errorId} className={fieldStyles.error}>
          {message}
        </p>
      ) : null}
      <div className={styles.radios}>
        {options.map(([option, label]) => (
          <label key={option} className={styles.check}>
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
