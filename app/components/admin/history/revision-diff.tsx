import type { FieldDiff } from "~/lib/revisions";
import styles from "./history.module.css";

/** A long field's words from the revision to the current version: removed struck through, added underlined. */
function Words({ diff }: { diff: FieldDiff }) {
  return (
    <p className={styles.words}>
      {diff.segments!.map((segment, index) =>
        segment.removed ? (
          <del key={index}>
            <span className="visually-hidden">[removed: </span>
            {segment.text}
            <span className="visually-hidden">]</span>
          </del>
        ) : segment.added ? (
          <ins key={index}>
            <span className="visually-hidden">[added: </span>
            {segment.text}
            <span className="visually-hidden">]</span>
          </ins>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </p>
  );
}

/**
 * A revision against the current version, field by field (ADR 037): short
 * values side by side, long text as one word diff (the server computes it).
 */
export function RevisionDiffView({ diffs, exists }: { diffs: FieldDiff[]; exists: boolean }) {
  if (diffs.length === 0) return <p>This version is the same as the current one.</p>;
  return (
    <div className={styles.diff}>
      {diffs.map((diff) => (
        <section key={diff.field} className={styles.diffField} aria-label={diff.label}>
          <h3>{diff.label[0]!.toUpperCase() + diff.label.slice(1)}</h3>
          {diff.segments ? (
            <Words diff={diff} />
          ) : (
            <dl className={styles.diffValues}>
              <div>
                <dt>This version</dt>
                <dd>{diff.revision || "(empty)"}</dd>
              </div>
              {exists ? (
                <div>
                  <dt>Current version</dt>
                  <dd>{diff.current || "(empty)"}</dd>
                </div>
              ) : null}
            </dl>
          )}
        </section>
      ))}
    </div>
  );
}
