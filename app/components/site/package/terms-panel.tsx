import type { PackageTerm } from "~/lib/package-view-model";
import styles from "./terms-panel.module.css";

/** Terms tab (spec §2): the ten fixed clauses. */
export function TermsPanel({ terms }: { terms: readonly PackageTerm[] }) {
  return (
    <>
      <h2 className={styles.heading}>Terms and conditions</h2>
      <ol className={styles.terms}>
        {terms.map((term) => (
          <li key={term.title}>
            <h3 className={styles.title}>{term.title}</h3>
            <p className={styles.text}>{term.text}</p>
          </li>
        ))}
      </ol>
    </>
  );
}
