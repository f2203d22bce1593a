import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { flushOutbox } from "./lead-outbox";
import { msSinceLoad, POPUP_RESHOW_MS, popupDelay, readPopupMemory, rememberClosed, rememberSubmitted } from "./lead-popup-timing";
import styles from "./lead-popup.module.css";

const LeadPopupDialog = lazy(() => import("./lead-popup-dialog"));

/**
 * The lead popup (spec §4, §5, §9): hidden, then shown 15 s after load unless
 * already submitted or closed less than 15 minutes ago. Closing (button,
 * backdrop, Escape) stores the close time and shows it again in 15 minutes;
 * submitting it, or any other enquiry form (use-page-form.ts), stores the
 * submitted flag for good. This part only keeps time; the dialog's code loads
 * when it is first shown.
 */
export function LeadPopup() {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const [thanks, setThanks] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const schedule = useCallback((delay: number | null) => {
    clearTimeout(timer.current);
    if (delay === null) return;
    timer.current = setTimeout(() => {
      // An enquiry sent from another form on the page since counts too.
      if (readPopupMemory().submitted) return;
      setShown(true);
      setOpen(true);
    }, delay);
  }, []);

  useEffect(() => {
    // Leads that could not be sent on an earlier visit go out now.
    void flushOutbox();
    schedule(popupDelay(readPopupMemory(), Date.now(), msSinceLoad()));
    return () => clearTimeout(timer.current);
  }, [schedule]);

  useEffect(() => {
    if (!thanks) return;
    const hide = setTimeout(() => setThanks(false), 6000);
    return () => clearTimeout(hide);
  }, [thanks]);

  const close = () => {
    setOpen(false);
    rememberClosed(Date.now());
    if (!readPopupMemory().submitted) schedule(POPUP_RESHOW_MS);
  };

  const submitted = () => {
    rememberSubmitted();
    clearTimeout(timer.current);
    setOpen(false);
    setThanks(true);
  };

  return (
    <>
      {shown ? (
        <Suspense fallback={null}>
          <LeadPopupDialog open={open} onClose={close} onSubmitted={submitted} />
        </Suspense>
      ) : null}
      <p role="status" className={thanks ? styles.thanks : "visually-hidden"}>
        {thanks ? "Thank you! We will call you back soon." : ""}
      </p>
    </>
  );
}
