import type { SelectHTMLAttributes } from "react";
import fieldStyles from "~/components/ui/form-field.module.css";

/** A labelled <select> with the same frame and error wiring as the shared TextField. */
export function SelectField({
  name,
  label,
  error,
  idPrefix = "",
  options,
  ...select
}: {
  name: string;
  label: string;
  error?: string;
  idPrefix?: string;
  options: { value: string; label: string }[];
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id">) {
  const id = `${idPrefix}${name}`;
  const errorId = `${id}-error`;
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className={fieldStyles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const ROLE_OPTIONS = [
  { value: "editor", label: "Editor: packages, blogs, enquiries" },
  { value: "admin", label: "Admin: everything, including users" },
];
