import { useEffect, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { DETAIL_LABELS, SEALED_FIELDS, type DetailField } from "~/lib/traveller-details";
import { TRIP_SAVE_FAILED, type DetailAnswer, type TripActionData } from "~/lib/trip-page";
import styles from "./trip.module.css";

type Props = {
  travellerId: number;
  field: DetailField;
  stored: string;
  masked?: string | null;
  /** The answer to a post without JavaScript, for this field. */
  answered?: DetailAnswer;
  warning?: string;
  disabled: boolean;
  type?: "text" | "date";
  multiline?: boolean;
  hint?: string;
  /** Instead of the field's usual label. */
  label?: string;
};

/**
 * One traveller detail, saved on its own when the traveller leaves the field
 * (a fetcher per field). The input is uncontrolled and never reset by a
 * failure: what was typed stays on screen when the network or the server
 * fails, and leaving the field (or Save) tries again.
 */
export function DetailInput({ travellerId, field, stored, masked, answered, warning, disabled, type = "text", multiline, hint, label }: Props) {
  const fetcher = useFetcher<TripActionData>({ key: `detail-${travellerId}-${field}` });
  const sealed = SEALED_FIELDS.includes(field);
  const [lastSaved, setLastSaved] = useState(sealed ? "" : stored);
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const data = fetcher.data;
  const answer = useMemo<DetailAnswer | undefined>(
    () =>
      data && data.intent === "details" ? data.results[field] : data && data.intent === "failed" ? { ok: false, error: data.failed, typed: "" } : answered,
    [data, field, answered],
  );
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer?.ok) return;
    setLastSaved(answer.value);
    // A sealed value is not shown again once saved: its mask says it is there.
    if (sealed && ref.current) ref.current.value = "";
  }, [answer, fetcher.state, sealed]);
  const save = () => {
    const value = ref.current?.value ?? "";
    if (disabled || (value === lastSaved && answer?.ok !== false) || (sealed && value === "" && answer?.ok !== false)) return;
    fetcher.submit({ intent: "details", travellerId: String(travellerId), [field]: value }, { method: "post" });
  };
  const id = `t${travellerId}-${field}`;
  const error = fetcher.state === "idle" && answer && !answer.ok ? answer.error : undefined;
  const shownMask = answer?.ok && answer.masked !== undefined ? answer.masked : masked;
  const note = fetcher.state !== "idle" ? "Saving…" : answer?.ok ? "Saved" : undefined;
  const warn = answer?.ok ? answer.warning : error ? undefined : warning;
  const describedBy =
    [error ? `${id}-error` : null, warn ? `${id}-warning` : null, hint || shownMask ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: field,
    ref,
    disabled,
    defaultValue: answered && !answered.ok ? answered.typed : sealed ? "" : stored,
    onBlur: save,
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": describedBy,
    className: styles.control,
  };
  return (
    <div className={styles.field} data-field={field}>
      <label htmlFor={id} className={styles.label}>
        {label ?? DETAIL_LABELS[field]}
      </label>
      {hint || shownMask ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {shownMask ? `Saved: ${shownMask}. Type it again only to change it.` : hint}
        </p>
      ) : null}
      {multiline ? <textarea rows={3} maxLength={1000} {...common} /> : <input type={type} maxLength={120} autoComplete="off" {...common} />}
      <p className={styles.status} aria-live="polite">
        {note}
      </p>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role={error === TRIP_SAVE_FAILED ? "alert" : undefined}>
          {error}
        </p>
      ) : null}
      {warn ? (
        <p id={`${id}-warning`} className={styles.warning}>
          {warn}
        </p>
      ) : null}
    </div>
  );
}
