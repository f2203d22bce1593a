import { Link } from "react-router";
import styles from "./dashboard.module.css";

type Bar = { key: string | number; label: string; value: number; href?: string };

/**
 * A few horizontal bars in CSS. Every bar's value is written out beside its
 * label, so the figures never depend on seeing the bar (or its colour).
 */
export function BarList({ bars, unit, empty }: { bars: Bar[]; unit: [string, string]; empty: string }) {
  if (bars.length === 0) return <p className={styles.caption}>{empty}</p>;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <ul className={styles.bars}>
      {bars.map((bar) => (
        <li key={bar.key} className={styles.barRow}>
          <span className={styles.barLabel}>{bar.href ? <Link to={bar.href}>{bar.label}</Link> : bar.label}</span>
          <span className={styles.barValue}>
            {bar.value.toLocaleString("en-IN")} <span className="visually-hidden">{bar.value === 1 ? unit[0] : unit[1]}</span>
          </span>
          <span className={styles.barTrack} aria-hidden="true">
            <span className={styles.barFill} style={{ width: `${(bar.value / max) * 100}%`, display: "block" }} />
          </span>
        </li>
      ))}
    </ul>
  );
}
