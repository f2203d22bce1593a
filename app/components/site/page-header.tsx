import type { ReactNode } from "react";
import styles from "./page-header.module.css";

/** The title band at the top of every public page except home. */
export function PageHeader({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <header className={styles.header}>
      <div className="container">
        <h1 className={styles.title}>{title}</h1>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
        {children}
      </div>
    </header>
  );
}
