import { useEffect, useRef } from "react";
import { useActionData, useNavigation } from "react-router";
import { isSaveFailure } from "~/lib/save-failure";
import styles from "./save-failure-notice.module.css";

/** The last form this page submitted, and the button that submitted it (its `intent`). */
const lastSubmission: {
  form: HTMLFormElement | null;
  submitter: HTMLElement | null;
} = { form: null, submitter: null };

function rememberSubmission(event: SubmitEvent) {
  if (event.target instanceof HTMLFormElement) {
    lastSubmission.form = event.target;
    lastSubmission.submitter = event.submitter ?? null;
  }
}

/**
 * Says why a save failed and offers Retry, which submits the same form again
 * with the same button; everything typed is still in it (ADR 040). Shown by
 * AdminPage for whatever its route's action answered.
 */
export function SaveFailureNotice() {
  const actionData = useActionData();
  const busy = useNavigation().state === "submitting";
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    document.addEventListener("submit", rememberSubmission, true);
    return () => document.removeEventListener("submit", rememberSubmission, true);
  }, []);
  const failure = isSaveFailure(actionData) ? actionData.saveFailure : null;
  useEffect(() => {
    if (failure) ref.current?.scrollIntoView({ block: "nearest" });
  }, [failure]);
  if (!failure) return null;
  return (
    <div role="alert" aria-atomic="true" ref={ref} className={styles.notice}>
      <p className={styles.message}>{failure.message}</p>
      <button
        type="button"
        className={styles.retry}
        disabled={busy}
        onClick={() => {
          const { form, submitter } = lastSubmission;
          if (form?.isConnected) form.requestSubmit(submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : undefined);
        }}
      >
        {busy ? "Retrying…" : "Retry"}
      </button>
    </div>
  );
}
