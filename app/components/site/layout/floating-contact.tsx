import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { CallButton } from "~/components/site/call-button";
import { PhoneIcon, WhatsappIcon } from "./icons";
import styles from "./floating-contact.module.css";

type FloatingContactProps = { phone: string; whatsappUrl: string };

/** The page's own controls the floating buttons must never cover. */
const PAGE_CONTROLS = [
  "main a[href]",
  "main button",
  "main input:not([type=hidden])",
  "main select",
  "main textarea",
  "main summary",
  "main [role=button]",
  "main [role=tab]",
  "footer a[href]",
  "footer button",
].join(",");

/**
 * Floating Call Now and Chat with Us. They step aside (slide out, unfocusable)
 * whenever one of the page's own controls passes under them, so they never
 * cover a button, link or field — on a 390 px phone included. An
 * IntersectionObserver whose root is shrunk to the buttons' corner does the
 * watching without any scroll handler.
 */
export function FloatingContact({ phone, whatsappUrl }: FloatingContactProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [yielding, setYielding] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof IntersectionObserver === "undefined") return;
    let observer: IntersectionObserver | null = null;
    let observed = new WeakSet<Element>();
    const covered = new Set<Element>();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const observeControls = () => {
      if (!observer) return;
      for (const element of document.querySelectorAll(PAGE_CONTROLS)) {
        if (box.contains(element) || observed.has(element)) continue;
        observed.add(element);
        observer.observe(element);
      }
    };
    const watch = () => {
      observer?.disconnect();
      observed = new WeakSet();
      covered.clear();
      setYielding(false);
      const zone = box.getBoundingClientRect();
      if (zone.width === 0) return;
      const gap = 8;
      const margin = [
        -Math.max(0, zone.top - gap),
        -Math.max(0, window.innerWidth - zone.right - gap),
        -Math.max(0, window.innerHeight - zone.bottom - gap),
        -Math.max(0, zone.left - gap),
      ];
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting && entry.intersectionRect.width * entry.intersectionRect.height > 0) {
              covered.add(entry.target);
            } else {
              covered.delete(entry.target);
            }
          }
          setYielding(covered.size > 0);
        },
        { rootMargin: margin.map((value) => `${value}px`).join(" ") },
      );
      observeControls();
    };
    const later = (task: () => void) => {
      clearTimeout(timer);
      timer = setTimeout(task, 150);
    };

    // Start in a task of its own, so measuring the page is not part of hydration's commit.
    const start = setTimeout(watch, 0);
    const onResize = () => later(watch);
    window.addEventListener("resize", onResize);
    // Controls that appear later (tabs, notices, forms) are watched too.
    const mutations = new MutationObserver(() => later(observeControls));
    mutations.observe(document.body, { childList: true, subtree: true });
    return () => {
      clearTimeout(start);
      clearTimeout(timer);
      window.removeEventListener("resize", onResize);
      mutations.disconnect();
      observer?.disconnect();
    };
  }, [pathname]);

  return (
    <div ref={boxRef} className={styles.box} data-yielding={yielding || undefined}>
      <a className={`${styles.button} ${styles.whatsapp}`} href={whatsappUrl} target="_blank" rel="noopener">
        <WhatsappIcon />
        <span className={styles.label}>Chat with Us</span>
      </a>
      <CallButton phone={phone} className={`${styles.button} ${styles.call}`}>
        <PhoneIcon />
        <span className={styles.label}>Call Now</span>
      </CallButton>
    </div>
  );
}
