import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { PackageDetail } from "~/lib/package-view-model";
import styles from "./itinerary-panel.module.css";

/** Itinerary tab (spec §2): the days in ascending order, each with title, description and photo. */
export function ItineraryPanel({ itinerary }: { itinerary: PackageDetail["itinerary"] }) {
  return (
    <>
      <h2 className="visually-hidden">Day-by-day itinerary</h2>
      <ol className={styles.days}>
        {itinerary.map((day) => (
          <li key={day.day} className={styles.day}>
            <div className={styles.photo}>{day.photo ? <ResponsiveImage media={day.photo} sizes="(min-width: 768px) 320px, 100vw" /> : null}</div>
            <div className={styles.body}>
              <p className={styles.number}>Day {day.day}</p>
              <h3 className={styles.title}>{day.title}</h3>
              <p className={styles.text}>{day.description}</p>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
