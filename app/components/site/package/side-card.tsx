import { useState } from "react";
import { Link } from "react-router";
import { CalendarIcon, CheckIcon, DownloadIcon } from "./package-icons";
import styles from "./side-card.module.css";

const BROCHURE_MISSING = "Brochure link not available";

type SideCardProps = {
  nextDate: string | null;
  conveniences: readonly string[];
  brochureUrl: string | null;
  /** Path of the page, for the no-JavaScript brochure notice link. */
  pathname: string;
  /** The notice is already shown (the no-JavaScript link was followed). */
  brochureNotice: boolean;
};

/**
 * The Overview's side card (spec §2): upcoming date, Contact Us, the fixed
 * convenience list and Download Brochure. A package without a brochure shows
 * the spec's message in an in-page alert instead of the browser's alert().
 */
export function SideCard({ nextDate, conveniences, brochureUrl, pathname, brochureNotice }: SideCardProps) {
  const [notice, setNotice] = useState(brochureNotice);
  return (
    <aside className={styles.card} aria-labelledby="side-card-heading">
      <h2 id="side-card-heading" className={styles.heading}>
        Plan your trip
      </h2>
      <p className={styles.date}>
        <CalendarIcon className={styles.dateIcon} />
        <span>
          <span className={styles.label}>Upcoming date</span>
          {nextDate ?? "Dates Coming Soon"}
        </span>
      </p>
      <Link to="/contact" className={`btn btn-primary ${styles.wide}`}>
        Contact Us
      </Link>
      <ul className={styles.conveniences}>
        {conveniences.map((item) => (
          <li key={item}>
            <CheckIcon className={styles.check} />
            {item}
          </li>
        ))}
      </ul>
      {brochureUrl ? (
        <a href={brochureUrl} className={`btn btn-outline ${styles.wide}`} download>
          <DownloadIcon className={styles.icon} />
          Download Brochure
        </a>
      ) : (
        <a
          href={`${pathname}?brochure=unavailable#brochure-notice`}
          className={`btn btn-outline ${styles.wide}`}
          onClick={(event) => {
            event.preventDefault();
            setNotice(true);
          }}
        >
          <DownloadIcon className={styles.icon} />
          Download Brochure
        </a>
      )}
      <div id="brochure-notice" role="alert" className={notice ? styles.notice : "visually-hidden"}>
        {notice ? (
          <>
            <p>{BROCHURE_MISSING}</p>
            <p className={styles.noticeHint}>
              <Link to="/contact">Contact us</Link> and we will send you the full details of this trip.
            </p>
          </>
        ) : null}
      </div>
    </aside>
  );
}
