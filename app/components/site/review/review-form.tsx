import { HoneypotField, TextAreaField, TextField } from "~/components/ui/form-field";
import { usePageForm } from "~/components/site/use-page-form";
import { FETCHER_POST_FIELD, type PageFormResult } from "~/lib/page-form";
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from "~/lib/review";
import styles from "./review-form.module.css";
import { ReviewPhotoField } from "./review-photo-field";

const STARS = [1, 2, 3, 4, 5] as const;
const STAR_WORDS: Record<number, string> = { 1: "Poor", 2: "Fair", 3: "Good", 4: "Very good", 5: "Excellent" };

/**
 * The review form (issue 48, ADR 116), 390 px first: the stars as a real
 * radio group (arrow keys move, the label says the number), a title and the
 * text. A fetcher post, a plain POST without JavaScript (ADR 068); errors
 * beside each field (aria-invalid, aria-describedby) and what was typed stays.
 */
export function ReviewForm({ packageTitle, dates, firstName, initial }: { packageTitle: string; dates: string; firstName: string; initial?: PageFormResult }) {
  const page = usePageForm({ id: "review", initial });
  const { fetcher, form, sending, sent, failed, enhanced } = page;
  const starsError = page.error("stars");
  const chosen = page.value("stars");
  if (sent) {
    return (
      <section className={`container ${styles.page}`} aria-labelledby="review-heading">
        <h1 id="review-heading" className={styles.title}>
          Thank you, {firstName}
        </h1>
        <p role="status" ref={page.sentNoticeRef} tabIndex={-1} className={styles.success}>
          {sent}
        </p>
        <p>
          <a href="/packages" className="btn btn-outline">
            See our packages
          </a>
        </p>
      </section>
    );
  }
  return (
    <section className={`container ${styles.page}`} aria-labelledby="review-heading">
      <p className={styles.eyebrow}>Your review</p>
      <h1 id="review-heading" className={styles.title}>
        How was {packageTitle}?
      </h1>
      <p className={styles.lead}>
        {firstName ? `${firstName}, you` : "You"} travelled with us {dates}. Tell other travellers how it went: our team reads every review before it appears on
        the package page, marked “Verified traveller”.
      </p>
      <fetcher.Form id={form.id} method="post" encType="multipart/form-data" className={styles.card} onSubmit={form.onSubmit} aria-busy={sending} noValidate>
        {enhanced ? <input type="hidden" name={FETCHER_POST_FIELD} value="1" /> : null}
        <fieldset className={styles.stars} aria-describedby={starsError ? "stars-error" : undefined} data-invalid={starsError ? "" : undefined}>
          <legend className={styles.legend}>Your rating</legend>
          <div className={styles.starRow}>
            {STARS.map((count) => (
              <span key={count} className={styles.star}>
                <input
                  type="radio"
                  id={`stars-${count}`}
                  name="stars"
                  value={String(count)}
                  defaultChecked={chosen === String(count)}
                  required
                  aria-invalid={starsError ? true : undefined}
                />
                <label htmlFor={`stars-${count}`} title={STAR_WORDS[count]}>
                  <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                    <path d="M10 1.5l2.6 5.5 6 .8-4.4 4.2 1.1 6-5.3-2.9-5.3 2.9 1.1-6L1.4 7.8l6-.8z" />
                  </svg>
                  <span className="visually-hidden">
                    {count} {count === 1 ? "star" : "stars"}: {STAR_WORDS[count]}
                  </span>
                </label>
              </span>
            ))}
          </div>
          {starsError ? (
            <p id="stars-error" className={styles.error}>
              {starsError}
            </p>
          ) : null}
        </fieldset>
        <TextField label="Title" maxLength={REVIEW_TITLE_MAX} required autoComplete="off" {...page.field("title")} key={page.key("title")} />
        <TextAreaField
          label={`Your review (up to ${REVIEW_BODY_MAX.toLocaleString("en-IN")} characters)`}
          rows={8}
          maxLength={REVIEW_BODY_MAX}
          required
          {...page.field("body")}
          key={page.key("body")}
        />
        <p className={styles.hint}>Plain words only: web addresses are not published. We show your first name and initial, and the month you travelled.</p>
        <ReviewPhotoField serverError={page.error("photos")} />
        <HoneypotField />
        <div>
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending ? "Sending..." : "Send my review"}
          </button>
        </div>
        <div role="alert">{failed ? <p className={styles.error}>{failed}</p> : null}</div>
      </fetcher.Form>
    </section>
  );
}
