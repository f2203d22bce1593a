import { Link } from "react-router";
import { WhatsappIcon } from "~/components/site/layout/icons";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Stars } from "~/components/ui/stars";
import { preloadImage } from "~/lib/image-preload";
import type { PackageDetail } from "~/lib/package-view-model";
import { EnquiryDialog } from "./enquiry-dialog";
import { CalendarIcon, ClockIcon } from "./package-icons";
import styles from "./package-head.module.css";

/** How wide the head photo is drawn. */
const HEAD_PHOTO_SIZES = "(min-width: 1232px) 600px, (min-width: 720px) 50vw, calc(100vw - 2rem)";

type PackageHeadProps = {
  pkg: Pick<PackageDetail, "id" | "title" | "country" | "rating" | "duration" | "nextDate" | "thumbnail">;
  months: string[];
  phone: string;
  /** The WhatsApp chat link, its message naming the package (made by the loader). */
  whatsappUrl: string;
};

/** The package page's head (spec §2): photo, title, rating, duration, next date and the two calls to action. */
export function PackageHead({ pkg, months, phone, whatsappUrl }: PackageHeadProps) {
  const rounded = Math.round(pkg.rating.stars);
  // The head photo is the page's largest paint (LCP).
  if (pkg.thumbnail) preloadImage(pkg.thumbnail, HEAD_PHOTO_SIZES);
  return (
    <header className={styles.head}>
      <div className={`container ${styles.inner}`}>
        <nav aria-label="Breadcrumb" className={styles.crumbs}>
          <ol>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/packages">Packages</Link>
            </li>
            <li>
              <span aria-current="page">{pkg.title}</span>
            </li>
          </ol>
        </nav>
        <div className={styles.grid}>
          <div className={styles.photo}>{pkg.thumbnail ? <ResponsiveImage media={pkg.thumbnail} sizes={HEAD_PHOTO_SIZES} priority /> : null}</div>
          <div className={styles.info}>
            <p className={styles.country}>{pkg.country}</p>
            <h1 className={styles.title}>{pkg.title}</h1>
            <p className={styles.rating}>
              <Stars count={rounded} label={`Rated ${pkg.rating.stars} out of 5`} />
              <span>
                <strong>{pkg.rating.stars.toFixed(1)}</strong> ({pkg.rating.reviews} reviews)
              </span>
            </p>
            <ul className={styles.facts}>
              <li>
                <ClockIcon className={styles.factIcon} />
                <span>
                  <span className={styles.factLabel}>Duration</span>
                  {pkg.duration}
                </span>
              </li>
              <li>
                <CalendarIcon className={styles.factIcon} />
                <span>
                  <span className={styles.factLabel}>Next departure</span>
                  {pkg.nextDate ?? "Dates Coming Soon"}
                </span>
              </li>
            </ul>
            <div className={styles.actions}>
              <EnquiryDialog packageTitle={pkg.title} months={months} phone={phone} className="btn btn-primary" />
              <a className="btn btn-whatsapp" href={whatsappUrl} target="_blank" rel="noopener noreferrer">
                <WhatsappIcon className={styles.buttonIcon} />
                Chat on WhatsApp
              </a>
            </div>
          </div>
        </div>
      </div>
    </header>
  );
}
