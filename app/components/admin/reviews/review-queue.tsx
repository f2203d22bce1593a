import { Form, Link } from "react-router";
import { adminUi } from "~/components/admin/admin-page";
import { Stars } from "~/components/ui/stars";
import { formatDateTime } from "~/lib/admin-format";
import { REVIEW_REPLY_MAX } from "~/lib/review";
import type { ModerationReview } from "~/server/review/review-moderation.server";
import styles from "./review-queue.module.css";
import { ReviewPhotoStrip } from "~/components/site/review/review-photo-strip";

type Status = ModerationReview["status"];
const TABS: { status: Status; label: string }[] = [
  { status: "new", label: "New" },
  { status: "published", label: "Published" },
  { status: "hidden", label: "Hidden" },
];

/** The Reviews screen's tabs and cards: each review with its trip, Publish or Hide, and the reply. */
export function ReviewQueue({ status, counts, reviews }: { status: Status; counts: Record<Status, number>; reviews: ModerationReview[] }) {
  return (
    <>
      <nav aria-label="Reviews by state" className={styles.tabs}>
        {TABS.map((tab) => (
          <Link key={tab.status} to={`?status=${tab.status}`} aria-current={tab.status === status ? "page" : undefined} className={styles.tab}>
            {tab.label} <span className={styles.count}>{counts[tab.status]}</span>
          </Link>
        ))}
      </nav>
      {reviews.length === 0 ? (
        <p className={adminUi.muted}>{status === "new" ? "No new reviews: every review has been read." : `No ${status} reviews.`}</p>
      ) : (
        <ul className={styles.list} aria-label={`${TABS.find((tab) => tab.status === status)!.label} reviews`}>
          {reviews.map((review) => (
            <li key={review.id}>
              <article className={styles.card} aria-labelledby={`review-${review.id}-title`}>
                <div className={styles.head}>
                  <Stars count={review.stars} label={`Rated ${review.stars} out of 5`} />
                  <h2 id={`review-${review.id}-title`} className={styles.title}>
                    {review.title}
                  </h2>
                </div>
                <p className={styles.body}>{review.body}</p>
                <ReviewPhotoStrip photos={review.photos} />
                <p className={styles.meta}>
                  {review.authorName} ({review.leadName}) · <Link to={`/admin/bookings/${review.reference}`}>{review.reference}</Link> · {review.packageTitle} ·{" "}
                  {review.travelled} · written {formatDateTime(review.createdAt)}
                  {review.moderatedByName && review.status !== "new" ? ` · ${review.status} by ${review.moderatedByName}` : ""}
                </p>
                <div className={styles.actions}>
                  {review.status !== "published" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="publish" />
                      <input type="hidden" name="reviewId" value={review.id} />
                      <button type="submit" className={`${adminUi.button} ${adminUi.primary}`} aria-label={`Publish “${review.title}”`}>
                        Publish
                      </button>
                    </Form>
                  ) : null}
                  {review.status !== "hidden" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="hide" />
                      <input type="hidden" name="reviewId" value={review.id} />
                      <button type="submit" className={adminUi.button} aria-label={`Hide “${review.title}”`}>
                        Hide
                      </button>
                    </Form>
                  ) : null}
                </div>
                <Form method="post" className={styles.reply}>
                  <input type="hidden" name="intent" value="reply" />
                  <input type="hidden" name="reviewId" value={review.id} />
                  <label htmlFor={`reply-${review.id}`} className={styles.replyLabel}>
                    Our reply (shown under the review; empty removes it)
                  </label>
                  <textarea
                    id={`reply-${review.id}`}
                    name="reply"
                    rows={2}
                    maxLength={REVIEW_REPLY_MAX}
                    defaultValue={review.reply ?? ""}
                    className={styles.textarea}
                  />
                  <div>
                    <button type="submit" className={adminUi.button}>
                      Save reply
                    </button>
                  </div>
                </Form>
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
