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
 * The page behind becomes inert in the task after the frame that shows the
 * dialog (issue 42, ADR 102's amendment): its restyle, about 240 elements on a
 * package page, is then not part of the tap's answer.
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
    // dialog: its restyle (about 240 elements, 8-37 ms of a slow
    // phone's main thread) is then not part of the tap's answer. Until then the
    // backdrop already takes every pointer and the focus is in the dialog.
    const madeInert: HTMLElement[] = [];
    let live = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (!live) return;
        for (const element of document.body.children as HTMLCollectionOf<HTMLElement>) {
          if (element.hasAttribute("data-dialog-layer") || element.inert) continue;
          element.inert = true;
          madeInert.push(element);
        }
      }),
    );
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      onCloseRef.current();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      live = false;
      document.removeEventListener("keydown", onKeyDown);
      for (const element of madeInert) element.inert = false;
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, [open]);

  if (typeof document === "undefined") return null;
  return createPortal(
    <>
      <dialog ref={ref} data-dialog-layer="" aria-labelledby={labelledBy} aria-modal="true" className={`${styles.dialog} ${styles.inPage} ${className ?? ""}`}>
        <div className={styles.content}>{children}</div>
      </dialog>
      <div className={styles.backdrop} data-dialog-layer="" aria-hidden="true" onClick={() => onCloseRef.current()} />
    </>,
    document.body,
  );
}
