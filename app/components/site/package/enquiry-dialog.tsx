import { startTransition, useEffect, useMemo, useState } from "react";
import { CallButton } from "~/components/site/call-button";
import { PhoneIcon } from "~/components/site/layout/icons";
import { PageDialog } from "~/components/ui/page-dialog";
import { EnquiryForm } from "./enquiry-form";
import styles from "./enquiry-dialog.module.css";

type EnquiryDialogProps = {
  packageTitle: string;
  months: string[];
  phone: string;
  className?: string;
};

/**
 * Enquire Now: opens the enquiry form in a dialog, pre-filled with the package,
 * with the call button beside it (spec §8). Without JavaScript the button is a
 * link to the enquiry form further down the page.
 *
 * The dialog and its form are drawn closed in idle time after hydration, so a
 * tap on Enquire Now only opens them (issue 42: mounting the form at the tap
 * took most of its answer on a slow phone). It opens without `showModal()`,
 * whose restyle of the whole page was most of what was left (ADR 102).
 */
export function EnquiryDialog({ packageTitle, months, phone, className }: EnquiryDialogProps) {
  const [open, setOpen] = useState(false);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const draw = () => startTransition(() => setDrawn(true));
    if (typeof requestIdleCallback !== "function") {
      const timer = setTimeout(draw, 500);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(draw, { timeout: 3000 });
    return () => cancelIdleCallback(idle);
  }, []);
  // The dialog's content is made once: a tap that opens it re-renders only the
  // dialog, not the form inside (issue 42: the form's render was part of the
  // tap's answer on a slow phone).
  const content = useMemo(
    () => (
      <>
        <div className={styles.head}>
          <h2 id="enquiry-dialog-title" className={styles.title}>
            Enquire about this trip
          </h2>
          <button type="button" className={styles.close} onClick={() => setOpen(false)} aria-label="Close">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
        <p className={styles.intro}>Tell us a little about your plans and we will call you back with dates and prices.</p>
        <EnquiryForm packageTitle={packageTitle} months={months} idPrefix="dialog-" />
        <div className={styles.call}>
          <span>Prefer to talk?</span>
          <CallButton phone={phone} className="btn btn-outline">
            <PhoneIcon className={styles.icon} />
            Call {phone}
          </CallButton>
        </div>
      </>
    ),
    [packageTitle, months, phone],
  );
  return (
    <>
      <a
        href="#enquire"
        className={className}
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        Enquire Now
      </a>
      {drawn || open ? (
        <PageDialog open={open} onClose={() => setOpen(false)} labelledBy="enquiry-dialog-title" className={styles.dialog}>
          {content}
        </PageDialog>
      ) : null}
    </>
  );
}
