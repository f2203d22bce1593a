import { useEffect, useRef, useState } from "react";
import { HomeIcon } from "./home-icon";
import type { HomeCard } from "./why-choose-us";
import { useReducedMotion } from "./use-media-query";
import styles from "./process-steps.module.css";

/** Spec §9: the highlight moves to the next step every 2 s. */
const PROCESS_STEP_MS = 2000;

/**
 * The 4-step process. The highlighted step advances every 2 s, cyclically,
 * while the section is on screen and not hovered; it stays on the first step
 * under prefers-reduced-motion.
 */
export function ProcessSteps({ steps }: { steps: HomeCard[] }) {
  const [active, setActive] = useState(0);
  const [visible, setVisible] = useState(false);
  const [hovered, setHovered] = useState(false);
  const reduceMotion = useReducedMotion();
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new IntersectionObserver(([entry]) => setVisible(!!entry?.isIntersecting));
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  const running = visible && !hovered && !reduceMotion && steps.length > 1;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setActive((index) => (index + 1) % steps.length), PROCESS_STEP_MS);
    return () => clearInterval(timer);
  }, [running, steps.length]);

  return (
    <ol ref={listRef} className={styles.steps} onPointerEnter={() => setHovered(true)} onPointerLeave={() => setHovered(false)}>
      {steps.map((step, index) => (
        <li key={step.id} className={styles.step} data-active={index === active || undefined}>
          <span className={styles.marker}>
            <HomeIcon name={step.icon} />
          </span>
          <h3 className={styles.title}>{step.title}</h3>
          <p className={styles.body}>{step.body}</p>
        </li>
      ))}
    </ol>
  );
}
