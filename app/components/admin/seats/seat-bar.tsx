import styles from "./seats.module.css";

/** "9 of 30 seats taken" with a fill bar; "No capacity set" without one. */
export function SeatBar({ capacity, taken, label }: { capacity: number | null; taken: number; label: string }) {
  if (!capacity) return <span>{taken > 0 ? `${taken} taken, no capacity set` : "No capacity set"}</span>;
  const full = Math.min(taken, capacity);
  return (
    <span className={styles.barRow}>
      <meter className={styles.bar} min={0} max={capacity} value={full} high={capacity * 0.8} optimum={0} aria-label={label}>
        {full} of {capacity}
      </meter>
      <span>
        {taken} of {capacity} taken{taken >= capacity ? " (full)" : ""}
      </span>
    </span>
  );
}
