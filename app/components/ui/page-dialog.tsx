import { useEffect, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import styles from "./dialog.module.css";

type PageDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  children: ReactNode;
  className?: string;
};

/**
 * A modal dialog for a long public page, opened without `showModal()`
 * (ADR 102). `showModal()` makes Chromium restyle the whole document with full
 * selector matching (its inertness is a change below the root): 330 elements on
 * a package page, 50-120 ms of a slow phone's main thread in the frame that
 * shows the dialog. Here the page is made inert with the `inert` attribute on
 * the body's other children, and the dialog is a fixed layer of its own above it.
 * What a modal gives stays: focus moves in and returns to the opener, Escape and
 * a click on the backdrop close, the page behind is inert (out of reach of the
 * pointer, the keyboard and assistive technology), `aria-modal` says so.
 * Only rendered on the client (a portal into `<body>`).
 *
 * The tap's frame only flips and paints (ADR 111): closed, the dialog and its
 * backdrop stay laid out, hidden by `visibility`, so opening restyles the
 * dialog's own elements and lays out nothing; and the page behind becomes
 * inert in the task after that frame (its restyle is the page's elements).
 */
export function PageDialog({ open, onClose, labelledBy, children, className }: PageDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open || dialog.open) return;
    const opener = document.activeElement as HTMLElement | null;
    dialog.show();
    // show() runs the dialog focusing steps in current browsers; older ones leave the focus where it was.
    if (!dialog.contains(document.activeElement)) dialog.querySelector<HTMLElement>("button, [href], input, select, textarea")?.focus();
    // The page behind becomes inert in the task after the frame that shows the
    // dialog (ADR 111): its restyle (about 240 elements, 8-37 ms of a slow
    // phone's main thread) is then not part of the tap's answer. Until then the
    // backdrop already takes every pointer and the focus is in the dialog.
    const madeInert: HTMLElement[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        for (const element of Array.from(document.body.children)) {
          if (!(element instanceof HTMLElement) || element.hasAttribute("data-dialog-layer") || element.inert) continue;
          element.inert = true;
          madeInert.push(element);
        }
      }, 0);
    });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      onCloseRef.current();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      document.removeEventListener("keydown", onKeyDown);
      for (const element of madeInert) element.inert = false;
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, [open]);

  if (typeof document === "undefined") return null;
  return createPortal(
    <>
      <div className={styles.backdrop} data-dialog-layer="" data-open={open ? "" : undefined} aria-hidden="true" onClick={() => onCloseRef.current()} />
      <dialog ref={ref} data-dialog-layer="" aria-labelledby={labelledBy} aria-modal="true" className={`${styles.dialog} ${styles.inPage} ${className ?? ""}`}>
        <div className={styles.content}>{children}</div>
      </dialog>
    </>,
    document.body,
  );
}
