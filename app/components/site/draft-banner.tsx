import styles from "./draft-banner.module.css";

/** Above a draft that signed-in staff preview at its public address (visitors get a 404). */
export function DraftBanner({ what }: { what: string }) {
  return (
    <p className={styles.banner} role="status">
      Draft preview: only signed-in staff can see this {what}.
    </p>
  );
}
