import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { formatWhen } from "~/lib/admin-format";
import { describeChange } from "~/lib/content-fields";
import { CONFLICT_NOTICE_ID, type EditConflict } from "~/lib/revisions";
import { adminUi } from "../admin-page";
import styles from "./history.module.css";

/**
 * A save refused because someone changed the document while this editor was
 * open (409, ADR 037). Focus moves to it, so it is seen and read even when
 * the save was made from far down the page (issue 49). The form behind it keeps every typed value. "Overwrite
 * with mine" sends the form again on the current version (their changes to
 * fields left untouched here are kept); "Review their version" shows theirs beside yours.
 */
export function ConflictNotice({
  conflict,
  noun,
  formId,
  editorPath,
  overwriteValue,
}: {
  conflict: EditConflict & { intent: string };
  noun: string;
  formId: string;
  editorPath: string;
  /** What "Overwrite with mine" sends, where a screen saves several documents at once (the Home page: each one's version). */
  overwriteValue?: string;
}) {
  const [reviewing, setReviewing] = useState(false);
  const reviewId = useId();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.scrollIntoView({ block: "start" });
  }, [conflict]);
  return (
    <section ref={ref} id={CONFLICT_NOTICE_ID} tabIndex={-1} className={`${styles.notice} ${styles.conflict}`} role="alert" aria-labelledby={titleId}>
      <h2 className={styles.conflictTitle} id={titleId}>
        {conflict.by} changed this {noun} at {formatWhen(conflict.at)} while you were editing.
      </h2>
      <p>Your changes are not saved yet, and everything you typed is still in the form.</p>
      {conflict.theirChanges && conflict.theirChanges.length > 0 ? (
        <>
          <p>What {conflict.by} changed:</p>
          <ul className={styles.list}>
            {conflict.theirChanges.map((change) => (
              <li key={change.field}>{describeChange(change)}</li>
            ))}
          </ul>
        </>
      ) : null}
      {conflict.differing.length > 0 ? (
        <p>
          Fields that differ from the saved {noun}: {conflict.differing.map((diff) => diff.label).join(", ")}.
        </p>
      ) : null}
      <p className={styles.small}>Overwrite with mine saves what you typed; their changes to fields you did not touch are kept.</p>
      <div className={styles.buttons}>
        <button
          type="submit"
          form={formId}
          name="overwrite"
          value={overwriteValue ?? `${conflict.version}:${conflict.intent}`}
          className={`${adminUi.button} ${adminUi.primary}`}
        >
          Overwrite with mine
        </button>
        <button type="button" className={adminUi.button} aria-expanded={reviewing} aria-controls={reviewId} onClick={() => setReviewing(!reviewing)}>
          Review their version
        </button>
      </div>
      <div id={reviewId} hidden={!reviewing}>
        {conflict.differing.length > 0 ? (
          <table className={`${adminUi.table} ${styles.review}`}>
            <caption className="visually-hidden">Their version and yours</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Their version</th>
                <th scope="col">Yours</th>
              </tr>
            </thead>
            <tbody>
              {conflict.differing.flatMap((diff) =>
                (diff.rows ?? [diff]).map((row) => (
                  <tr key={`${diff.field}:${row.label}`}>
                    <th scope="row">{row.label}</th>
                    <td>{row.theirs || "(empty)"}</td>
                    <td>{row.yours || "(empty)"}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        ) : (
          <p>Your form matches their version.</p>
        )}
        <p>
          <Link to={editorPath} target="_blank" rel="noopener">
            Open their version in a new tab
          </Link>
        </p>
      </div>
    </section>
  );
}
