import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { MediaView } from "~/lib/media";
import styles from "./hero.module.css";

type HeroProps = {
  headline: string;
  subheadline: string;
  image: MediaView | null;
  /** Id of the section right below the hero: Explore's target without JavaScript. */
  nextId: string;
};

/**
 * The home hero: full-screen photo (the page's LCP image, fetched at high
 * priority), the headline and Explore, which scrolls down one viewport height.
 */
export function Hero({ headline, subheadline, image, nextId }: HeroProps) {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      {image ? (
        <ResponsiveImage
          media={image}
          priority
          className={styles.image}
          // The screen width: phones with denser screens pick the larger files themselves.
          sizes="100vw"
          // An upright phone draws the photo's middle, cut at 9:16 (ADR 075). The
          // cut is drawn about 470 px wide; "240px" caps the density asked for,
          // so a screen of 2x or more takes the 720 px cut and one under it the 450.
          portrait={{ media: "(max-aspect-ratio: 2/3) and (max-width: 600px)", sizes: "240px" }}
        />
      ) : null}
      <div className={styles.shade} aria-hidden="true" />
      <div className={`container ${styles.content}`}>
        <h1 id="hero-title" className={styles.title}>
          {headline}
        </h1>
        <p className={styles.subtitle}>{subheadline}</p>
        <a
          href={`#${nextId}`}
          className={`btn ${styles.explore}`}
          onClick={(event) => {
            event.preventDefault();
            const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
            window.scrollBy({ top: window.innerHeight, behavior: reduce ? "auto" : "smooth" });
          }}
        >
          Explore
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M12 5v14m0 0-6-6m6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </a>
      </div>
    </section>
  );
}
