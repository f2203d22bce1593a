import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { formatWhen } from "~/lib/admin-format";
import { revisionKindLabel, type RevisionDetail, type RevisionSummary } from "~/lib/revisions";
import { Panel } from "../admin-page";
import styles from "./history.module.css";
import { RevisionDiffView } from "./revision-diff";

const historyPath = (id: number) => `/admin/history/${id}`;

function Entry({ entry, editorPath, open, onOpen }: { entry: RevisionSummary & { label?: string }; editorPath: string; open: boolean; onOpen: () => void }) {
  const [detail, setDetail] = useState<RevisionDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const detailId = useId();
  useEffect(() => {
    if (!open || detail) return;
    let cancelled = false;
    setFailed(false);
    fetch(`${historyPath(entry.id)}/detail`, { headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const loaded = (await response.json()) as RevisionDetail;
        if (!cancelled) setDetail(loaded);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [open, detail, entry.id]);
  const fields = entry.changes.map((change) => change.label);
  return (
    <li className={styles.entry}>
      <div className={styles.entryHead}>
        {/* A screen with several documents (the home page's) names each entry's. */}
        <span className={styles.entryWhat}>
          {revisionKindLabel(entry.kind)}
          {entry.label ? `: ${entry.label}` : ""}
        </span>
        {/* The version before the first recorded change has no author or time of its own. */}
        {entry.kind === "original" ? null : (
          <span className={styles.small}>
            {formatWhen(entry.at)}, {entry.who}
          </span>
        )}
      </div>
      {fields.length > 0 ? (
        <p className={styles.fields}>Changed: {fields.join(", ")}</p>
      ) : entry.kind === "updated" || entry.kind === "draft-saved" ? (
        <p className={styles.fields}>No field changed.</p>
      ) : null}
      <p className={styles.fields}>
        <button type="button" className={styles.linkButton} aria-expanded={open} aria-controls={detailId} onClick={onOpen}>
          {open ? "Hide differences" : "Compare with current"}
        </button>
      </p>
      <div id={detailId} hidden={!open}>
        {open && detail ? (
          <>
            <RevisionDiffView diffs={detail.diffs} exists={detail.entity.exists} />
            <p className={styles.links}>
              <Link to={`${editorPath}?restore=${entry.id}`} className={styles.linkButton}>
                Restore this version
              </Link>
              <Link to={historyPath(entry.id)} className={styles.linkButton}>
                Open on its own page
              </Link>
            </p>
          </>
        ) : open ? (
          <p className={styles.small} role="status">
            {failed ? "The differences could not be loaded. Close and open again to retry." : "Loading the differences…"}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/**
 * An editor's History (ADR 037): each revision with who, when and which
 * fields; opening one shows its differences from the current version, with
 * "Restore this version" (loads it into the form as unsaved changes).
 */
export function HistoryPanel({
  history,
  editorPath,
  framed = true,
}: {
  history: (RevisionSummary & { label?: string })[];
  editorPath: string;
  framed?: boolean;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const Frame = framed ? HistoryFrame : Unframed;
  return (
    <Frame>
      {history.length === 0 ? (
        <p className={styles.small}>No changes recorded yet. Each save appears here.</p>
      ) : (
        <ol className={styles.history} aria-label="Revisions, newest first">
          {history.map((entry) => (
            <Entry key={entry.id} entry={entry} editorPath={editorPath} open={open === entry.id} onOpen={() => setOpen(open === entry.id ? null : entry.id)} />
          ))}
        </ol>
      )}
    </Frame>
  );
}

function HistoryFrame({ children }: { children: React.ReactNode }) {
  return <Panel title="History">{children}</Panel>;
}

/** Inside an editor section, which has its own heading. */
function Unframed({ children }: { children: React.ReactNode }) {
  return <>{children}</>;
}
