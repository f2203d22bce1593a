import { useEffect, useRef } from "react";
import { Form } from "react-router";
import fieldStyles from "~/components/ui/form-field.module.css";
import type { TaxRuleGroup } from "~/server/tax/tax-rules-admin.server";
import type { BusinessActionData } from "~/server/settings/business-page.server";
import { adminUi } from "../admin-page";
import styles from "./tax-rules.module.css";

type FieldProps = {
  form: string;
  name: string;
  label: string;
  hint?: string;
  values: Record<string, string>;
  errors: BusinessActionData["errors"];
  multiline?: boolean;
  type?: string;
  inputMode?: "decimal" | "numeric";
};

/**
 * One field of a rule's form. Several forms of the page share field names
 * (every kind has a date and a rate), so ids carry the form's name; the error
 * is tied to the control with aria-invalid and aria-describedby.
 */
export function RuleField({ form, name, label, hint, values, errors, multiline, type = "text", inputMode }: FieldProps) {
  const id = `${form}-${name}`;
  const message = errors[name]?.[0];
  const describedBy = [message ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name,
    className: fieldStyles.control,
    defaultValue: values[name] ?? "",
    "aria-invalid": message ? (true as const) : undefined,
    "aria-describedby": describedBy,
  };
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      {multiline ? <textarea rows={3} {...common} /> : <input type={type} inputMode={inputMode} autoComplete="off" {...common} />}
      {hint ? (
        <p id={`${id}-hint`} className={adminUi.muted}>
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The fields a refused form named, as a summary with links to each (the page's other forms stay as they were). */
export function ErrorSummary({ form, errors, labels }: { form: string; errors: BusinessActionData["errors"]; labels: Record<string, string> }) {
  const ref = useRef<HTMLDivElement>(null);
  const named = Object.entries(errors).filter(([, messages]) => messages?.length);
  useEffect(() => {
    if (named.length > 0) ref.current?.focus();
  }, [named.length]);
  if (named.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" className={styles.summary}>
      <p>Not added yet: {named.length === 1 ? "1 field needs" : `${named.length} fields need`} attention.</p>
      <ul>
        {named.map(([name, messages]) => (
          <li key={name}>
            <a href={`#${form}-${name}`}>{labels[name] ?? name}</a>: {messages![0]}
          </li>
        ))}
      </ul>
    </div>
  );
}

const GST_LABELS = {
  effectiveFrom: "Takes effect on",
  rate: "GST rate (%)",
  sac: "SAC",
  documentNote: "What the documents say",
  source: "Source",
};
const TCS_LABELS = {
  effectiveFrom: "Takes effect on",
  rate: "TCS rate (%)",
  threshold: "Up to (₹ a traveller a financial year)",
  rateAbove: "Rate above that (%)",
  section: "Section",
  withoutPanTimes: "Without a PAN: times the rate",
  withoutPanAtLeast: "Without a PAN: at least (%)",
  withoutPanAtMost: "Without a PAN: at most (%)",
  withoutPanSection: "Without a PAN: section",
  source: "Source",
};

/**
 * "Add a rule" for one kind, opened from the rules: the figures of the rule
 * in force to start from, and the date the new one takes effect. The old rule
 * stays for documents dated before it.
 */
export function AddTaxRuleForm({ group, actionData }: { group: TaxRuleGroup; actionData?: BusinessActionData }) {
  const form = `add-${group.kind}`;
  const values = actionData?.sent ?? group.start;
  const errors = actionData?.errors ?? {};
  const field = (name: string, label: string, extra: Partial<FieldProps> = {}) => (
    <RuleField form={form} name={name} label={label} values={values} errors={errors} {...extra} />
  );
  const tcs = group.kind === "tcs";
  return (
    <details className={styles.add} open={actionData ? true : undefined}>
      <summary className={`${adminUi.button} ${adminUi.small}`}>Add a rule: {group.title}</summary>
      <Form method="post" className={styles.addForm} aria-label={`Add a rule: ${group.title}`} noValidate>
        <input type="hidden" name="intent" value="add-rule" />
        <input type="hidden" name="kind" value={group.kind} />
        <ErrorSummary form={form} errors={errors} labels={tcs ? TCS_LABELS : GST_LABELS} />
        <p className={adminUi.muted}>
          Starts from the rule in force. Documents dated before the new rule&rsquo;s date keep using the old one; documents already issued never change.
        </p>
        <div className={styles.grid}>
          {field("effectiveFrom", "Takes effect on", {
            type: "date",
            hint: "An Indian date, e.g. 1 April for a Finance Act.",
          })}
          {field("rate", tcs ? "TCS rate (%)" : "GST rate (%)", {
            inputMode: "decimal",
            hint: tcs ? "With a PAN; e.g. 2." : "The whole rate, e.g. 5: halves for CGST and SGST.",
          })}
          {tcs ? (
            <>
              {field("threshold", TCS_LABELS.threshold, {
                inputMode: "numeric",
                hint: "Empty: the rate applies to every amount.",
              })}
              {field("rateAbove", TCS_LABELS.rateAbove, {
                inputMode: "decimal",
                hint: "Only with a threshold.",
              })}
              {field("withoutPanTimes", TCS_LABELS.withoutPanTimes, {
                inputMode: "numeric",
              })}
              {field("withoutPanAtLeast", TCS_LABELS.withoutPanAtLeast, {
                inputMode: "decimal",
              })}
              {field("withoutPanAtMost", TCS_LABELS.withoutPanAtMost, {
                inputMode: "decimal",
              })}
            </>
          ) : (
            field("sac", "SAC", {
              inputMode: "numeric",
              hint: "6 digits; tour operators: 998555.",
            })
          )}
        </div>
        {tcs ? (
          <div className={styles.grid}>
            {field("section", "Section", {
              hint: "Printed on documents and in the TCS register.",
            })}
            {field("withoutPanSection", TCS_LABELS.withoutPanSection)}
          </div>
        ) : (
          field("documentNote", "What the documents say", {
            multiline: true,
            hint: "Printed on every document of this rule.",
          })
        )}
        {field("source", "Source", {
          multiline: true,
          hint: "The notification, section or Finance Act, and its date.",
        })}
        <button type="submit" className={`${adminUi.button} ${adminUi.primary}`}>
          Add this rule
        </button>
      </Form>
    </details>
  );
}
