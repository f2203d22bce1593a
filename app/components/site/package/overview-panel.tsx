import { Stars } from "~/components/ui/stars";
import type { PackageDetail } from "~/lib/package-view-model";
import type { VerifiedReview } from "~/lib/review";
import { ReviewPhotoStrip } from "~/components/site/review/review-photo-strip";
import { CheckIcon, CrossIcon, FeatureIcon } from "./package-icons";
import { PriceBlock } from "./price-block";
import { SideCard } from "./side-card";
import styles from "./overview-panel.module.css";

type OverviewPanelProps = {
  pkg: PackageDetail;
  /** Published reviews by travellers who booked (ADR 116), shown first. */
  verifiedReviews?: readonly VerifiedReview[];
  conveniences: readonly string[];
  pathname: string;
  brochureNotice: boolean;
};

/** Overview tab (spec §2): the trip in words, features, price, departures, inclusions, side card, reviews. */
export function OverviewPanel({ pkg, verifiedReviews = [], conveniences, pathname, brochureNotice }: OverviewPanelProps) {
  return (
    <>
      <div className={styles.layout}>
        <div className={styles.main}>
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className={styles.heading}>
              About the trip
            </h2>
            {pkg.paragraphs.map((text) => (
              <p key={text.slice(0, 40)} className={styles.text}>
                {text}
              </p>
            ))}
          </section>

          <ul className={styles.features} aria-label="What the trip covers">
            {pkg.features.map((feature) => (
              <li key={feature.key} className={feature.included ? styles.feature : `${styles.feature} ${styles.off}`}>
                <FeatureIcon feature={feature.key} className={styles.featureIcon} />
                <span>{feature.label}</span>
                <span className={styles.featureState}>{feature.included ? "Included" : "Not included"}</span>
              </li>
            ))}
          </ul>

          <PriceBlock price={pkg.price} />

          <section aria-labelledby="departures-heading">
            <h2 id="departures-heading" className={styles.heading}>
              Upcoming Group Departures
            </h2>
            {pkg.departures.length > 0 ? (
              <ul className={styles.departures}>
                {pkg.departures.map((departure) => (
                  <li key={departure.id ?? departure.name + departure.start}>
                    <span className={styles.batch}>{departure.name}</span>
                    <span>{departure.dates}</span>
                    {departure.seats ? (
                      <span
                        className={
                          departure.seatsLeft === 0 ? styles.soldOut : departure.seatsLeft !== null && departure.seatsLeft <= 5 ? styles.fewSeats : styles.seats
                        }
                      >
                        {departure.seats}
                      </span>
                    ) : null}
                    {departure.requestable && departure.id ? (
                      <a
                        className={`btn btn-outline ${styles.request}`}
                        href={`${pathname}?request=${encodeURIComponent(departure.id)}#request-seats`}
                        aria-label={`Request seats: ${departure.name}, ${departure.dates}`}
                      >
                        Request seats
                      </a>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.text}>
                <strong>Dates Coming Soon.</strong> Enquire now and we will tell you as soon as the next group departure is fixed, or plan a private trip on
                dates that suit you.
              </p>
            )}
          </section>

          <section aria-labelledby="highlights-heading">
            <h2 id="highlights-heading" className={styles.heading}>
              Highlights
            </h2>
            <ul className={styles.checks}>
              {pkg.highlights.map((item) => (
                <li key={item}>
                  <CheckIcon className={styles.yes} />
                  {item}
                </li>
              ))}
            </ul>
          </section>

          <div className={styles.inclusions}>
            <section aria-labelledby="included-heading">
              <h2 id="included-heading" className={styles.heading}>
                What's Included
              </h2>
              <ul className={styles.checks}>
                {pkg.included.map((item) => (
                  <li key={item}>
                    <CheckIcon className={styles.yes} />
                    {item}
                  </li>
                ))}
              </ul>
            </section>
            {pkg.excluded.length > 0 ? (
              <section aria-labelledby="excluded-heading">
                <h2 id="excluded-heading" className={styles.heading}>
                  What's Excluded
                </h2>
                <ul className={styles.checks}>
                  {pkg.excluded.map((item) => (
                    <li key={item}>
                      <CrossIcon className={styles.no} />
                      {item}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        </div>
        <div className={styles.aside}>
          <SideCard nextDate={pkg.nextDate} conveniences={conveniences} brochureUrl={pkg.brochureUrl} pathname={pathname} brochureNotice={brochureNotice} />
        </div>
      </div>

      {pkg.reviews.length + verifiedReviews.length > 0 ? (
        <section aria-labelledby="reviews-heading" className={styles.reviews}>
          <h2 id="reviews-heading" className={styles.heading}>
            Customer Reviews
          </h2>
          <ul className={styles.reviewList}>
            {verifiedReviews.map((review) => (
              <li key={`verified-${review.id}`} className={styles.review}>
                <Stars count={review.stars} label={`Rated ${review.stars} out of 5`} />
                <h3 className={styles.reviewTitle}>{review.title}</h3>
                <blockquote className={styles.quote}>
                  {review.body.split(/\n\s*\n/).map((paragraph, index) => (
                    <p key={index}>{paragraph}</p>
                  ))}
                </blockquote>
                <ReviewPhotoStrip photos={review.photos} />
                <p className={styles.reviewer}>
                  {review.authorName}
                  <span className={styles.verified}>
                    <span className={styles.verifiedBadge}>Verified traveller</span> · {review.travelled}
                  </span>
                </p>
                {review.reply ? (
                  <div className={styles.reply}>
                    <p className={styles.replyLabel}>Reply from our team</p>
                    <p>{review.reply}</p>
                  </div>
                ) : null}
              </li>
            ))}
            {pkg.reviews.map((review) => (
              <li key={review.name + review.review.slice(0, 20)} className={styles.review}>
                <Stars count={review.stars} label={`Rated ${review.stars} out of 5`} />
                <blockquote className={styles.quote}>
                  <p>{review.review}</p>
                </blockquote>
                <p className={styles.reviewer}>{review.name}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
