import { useId, useState } from "react";
import { TERMS_PLACEHOLDERS, type PackageTermsOverride } from "~/lib/package-terms-schema";
import { adminUi } from "../admin-page";
import { editorUi } from "../editor-layout";
import { ConveniencesList, TermsClausesList } from "../terms/terms-lists";
import { useEditor } from "./editor-context";
import styles from "./package-editor.module.css";

/**
 * The Terms section (ADR 044): the package shows the site-wide terms and
 * convenience list unless "Use this package's own terms" is on; then its own
 * lists, starting from a copy of the site's, post as termsOverride.*. Turned
 * off, nothing posts and the package follows the site-wide terms again.
 */
export function PackageTermsFields({ initial, siteTerms }: { initial: PackageTermsOverride | null; siteTerms: PackageTermsOverride }) {
  const id = useId();
  const { markDirty } = useEditor();
  const [own, setOwn] = useState(initial !== null);
  const start = initial ?? siteTerms;
  return (
    <div className={editorUi.stack}>
      <div>
        <input
          id={`${id}-own`}
          type="checkbox"
          checked={own}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setOwn(event.currentTarget.checked);
            markDirty();
          }}
        />{" "}
        <label htmlFor={`${id}-own`}>Use this package&rsquo;s own terms</label>
        <p id={`${id}-hint`} className={adminUi.muted}>
          {own
            ? `This package shows the clauses and list below instead of the site-wide ones. A text may say ${TERMS_PLACEHOLDERS}.`
            : "This package shows the site-wide terms (Package terms, for admins). Turn this on to give it its own."}
        </p>
      </div>
      {own ? (
        <>
          <input type="hidden" name="termsOverride.own" value="on" />
          <h3 className={styles.groupTitle}>Terms clauses</h3>
          <TermsClausesList initial={start.clauses} prefix="termsOverride." onChange={markDirty} />
          <h3 className={styles.groupTitle}>What booking with us includes</h3>
          <ConveniencesList initial={start.conveniences} prefix="termsOverride." onChange={markDirty} />
        </>
      ) : (
        <ol className={adminUi.muted} aria-label="The site-wide terms clauses">
          {siteTerms.clauses.map((clause, index) => (
            <li key={index}>{clause.title}</li>
          ))}
        </ol>
      )}
    </div>
  );
}
