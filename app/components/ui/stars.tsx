import styles from "./stars.module.css";

/**
 * `count` star icons (the spec's cards show as many stars as the integer
 * rating); the accessible label gives the rating itself.
 */
export function Stars({ count, label }: { count: number; label: string }) {
  const shown = Math.max(0, Math.min(5, Math.trunc(count)));
  return (
    <span className={styles.stars} role="img" aria-label={label}>
      {Array.from({ length: shown }, (_, index) => (
        <svg key={index} viewBox="0 0 20 20" aria-hidden="true">
          <path d="M10 1.5l2.6 5.5 6 .8-4.4 4.2 1.1 6-5.3-2.9-5.3 2.9 1.1-6L1.4 7.8l6-.8z" />
        </svg>
      ))}
    </span>
  );
}
