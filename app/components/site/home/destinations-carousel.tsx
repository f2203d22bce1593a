import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { PackageCard, type PackageCardData } from "~/components/site/package-card";
import styles from "./destinations-carousel.module.css";
import { useReducedMotion } from "./use-media-query";

/** Spec §9: a new slide every 2.5 s. */
const AUTOPLAY_MS = 2500;

type CarouselProps = {
  cards: PackageCardData[];
  /** Id of the section heading that names the carousel. */
  labelledBy: string;
  /** The section heading, drawn beside the controls. */
  heading: ReactNode;
  /** Extra actions before the controls (e.g. a "View all" link). */
  actions?: ReactNode;
};

/**
 * Top Destinations: a CSS scroll-snap track (3 cards per view from 1024 px,
 * 1.1 below, 20 px apart) that swipes natively. Previous/Next (looping) and the
 * arrow keys are answered by the page's first-tap script from the first paint
 * on (app/lib/page-scripts/first-tap.ts, ADR 078); this component adds
 * autoplay every 2.5 s that pauses on hover, on focus, while off screen or in a
 * background tab, when the visitor presses Pause, and never starts under
 * prefers-reduced-motion.
 */
export function DestinationsCarousel({ cards, labelledBy, heading, actions }: CarouselProps) {
  const trackRef = useRef<HTMLUListElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const reduceMotion = useReducedMotion();
  // The visitor's Pause/Play choice wins; by default it plays unless motion is reduced.
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? !reduceMotion;
  // What holds autoplay (hover, focus, off screen) lives in refs, not state: a
  // tap or a scroll that brings the carousel into view must not re-render it
  // (issue 42: the first tap's answer waited for that render on a slow phone).
  const held = useRef({ hover: false, focus: false, offscreen: true });
  const playingRef = useRef(playing);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const schedule = () => {
    clearInterval(timer.current);
    timer.current = undefined;
    const { hover, focus, offscreen } = held.current;
    if (!playingRef.current || hover || focus || offscreen) return;
    // Autoplay presses Next: the arrows are answered by the page's first-tap script.
    timer.current = setInterval(() => {
      if (!document.hidden) nextRef.current?.click();
    }, AUTOPLAY_MS);
  };
  const hold = (change: Partial<typeof held.current>) => {
    Object.assign(held.current, change);
    schedule();
  };

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const observer = new IntersectionObserver(([entry]) => hold({ offscreen: !entry?.isIntersecting }));
    observer.observe(track);
    return () => observer.disconnect();
    // hold only touches refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    playingRef.current = playing;
    schedule();
    return () => clearInterval(timer.current);
  }, [playing]);

  // The cards render once: Pause/Play re-renders only the controls.
  const slides = useMemo(
    () =>
      cards.map((card) => (
        <li key={card.id} className={styles.slide}>
          <PackageCard card={card} sizes="(min-width: 1280px) 380px, (min-width: 1024px) 30vw, 88vw" />
        </li>
      )),
    [cards],
  );

  return (
    <div className={styles.carousel} data-carousel="">
      <div className={styles.head}>
        {heading}
        <div className={styles.actions}>
          {actions}
          <div className={styles.controls} role="group" aria-label="Carousel controls">
            <button type="button" className={styles.control} onClick={() => setChoice(!playing)}>
              {playing ? <PauseIcon /> : <PlayIcon />}
              <span className="visually-hidden">{playing ? "Pause automatic scrolling" : "Start automatic scrolling"}</span>
            </button>
            <button type="button" className={styles.control} data-carousel-step="-1">
              <ArrowIcon flip />
              <span className="visually-hidden">Previous destination</span>
            </button>
            <button ref={nextRef} type="button" className={styles.control} data-carousel-step="1">
              <ArrowIcon />
              <span className="visually-hidden">Next destination</span>
            </button>
          </div>
        </div>
      </div>
      <ul
        ref={trackRef}
        className={styles.track}
        aria-labelledby={labelledBy}
        data-carousel-track=""
        // A scrollable region must be reachable by keyboard; arrow keys move a whole card (the first-tap script).
        tabIndex={0}
        onPointerEnter={() => hold({ hover: true })}
        onPointerLeave={() => hold({ hover: false })}
        onFocus={() => hold({ focus: true })}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hold({ focus: false });
        }}
      >
        {slides}
      </ul>
    </div>
  );
}

function ArrowIcon({ flip = false }: { flip?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" style={flip ? { transform: "scaleX(-1)" } : undefined}>
      <path d="M5 12h14m0 0-6-6m6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="M8 5v14M16 5v14" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
    </svg>
  );
}
