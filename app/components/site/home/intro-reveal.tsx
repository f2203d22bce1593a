import { useEffect, useRef } from "react";
import type { IntroReveal as IntroText } from "~/lib/intro-highlights";
import styles from "./intro-reveal.module.css";

/**
 * The intro paragraph; its words light up one after another as the page
 * scrolls past it (spec §4): each word goes from the grey of unreached words
 * to full colour. One CSS variable (--lit, the number of lit words) is set per
 * animation frame, and only while the paragraph is on screen. Without
 * JavaScript, or with reduced motion, every word is lit.
 */
export function IntroReveal({ id, intro }: { id: string; intro: IntroText }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // Spec §1: the words the team marked (==word==) are highlighted in green (ADR 044). The
  // loader reads the marks (introReveal), so their parsing never reaches the page's JavaScript.
  const words = intro.text.split(" ");
  const highlighted = new Set(intro.highlighted);
  const count = words.length;

  useEffect(() => {
    const paragraph = ref.current;
    if (!paragraph || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const box = paragraph.getBoundingClientRect();
      const viewport = window.innerHeight;
      // 0 when the paragraph's top enters the lower 15 % of the screen, 1 when its bottom passes 40 %.
      const start = viewport * 0.85;
      const end = viewport * 0.4;
      const progress = Math.min(1, Math.max(0, (start - box.top) / (box.height + start - end)));
      paragraph.style.setProperty("--lit", (progress * count).toFixed(3));
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) window.addEventListener("scroll", onScroll, { passive: true });
      else window.removeEventListener("scroll", onScroll);
      update();
    });
    observer.observe(paragraph);
    update();
    return () => {
      observer.disconnect();
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [count]);

  return (
    <section id={id} className={styles.intro} aria-label="About us">
      <div className="container">
        <p ref={ref} className={styles.text}>
          {words.map((word, index) => (
            <span
              key={index}
              className={highlighted.has(index) ? `${styles.word} ${styles.green}` : styles.word}
              style={{ "--i": index } as React.CSSProperties}
            >
              {word}
              {index < count - 1 ? " " : ""}
            </span>
          ))}
        </p>
      </div>
    </section>
  );
}
