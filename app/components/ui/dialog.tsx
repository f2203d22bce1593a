import { useEffect, useRef, type ReactNode } from "react";
import styles from "./dialog.module.css";

type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  children: ReactNode;
  className?: string;
  /** Alert dialogs (confirmations) get role="alertdialog". */
  role?: "dialog" | "alertdialog";
};

/**
 * A modal on the native <dialog>: showModal() moves focus in, makes the page
 * behind inert and closes on Escape; focus returns to the opener on close.
 * A click on the backdrop closes it too.
 */
export function Dialog({ open, onClose, labelledBy, children, className, role }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus?.();
      };
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      className={`${styles.dialog} ${className ?? ""}`}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // The dialog element itself is the backdrop area; its content sits in a child.
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div className={styles.content}>{children}</div>
    </dialog>
  );
}
