import { useEffect, useId, useRef, type ButtonHTMLAttributes } from "react";
import { Form } from "react-router";
import styles from "./confirm-dialog.module.css";
import ui from "./admin-ui.module.css";

/**
 * Invoker commands (command/commandfor) let the browser open and close the
 * dialog before hydration or without JavaScript; React does not type them yet.
 */
function invoker(command: "show-modal" | "close", target: string) {
  return { command, commandfor: target } as unknown as ButtonHTMLAttributes<HTMLButtonElement>;
}

type ConfirmActionProps = {
  /** The button that asks for confirmation. */
  triggerLabel: React.ReactNode;
  /** Accessible name of the trigger when its label is terse (e.g. names the user). */
  triggerAriaLabel?: string;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  tone?: "danger" | "default";
  /** Where the form posts; the current route's action when unset. */
  action?: string;
  /** Hidden fields sent with the confirmation (intent, ids). */
  children?: React.ReactNode;
  small?: boolean;
  /** E.g. while the page saves. */
  disabled?: boolean;
};

/**
 * The one confirm dialog of the admin: a native modal <dialog> (the page
 * behind is inert, focus stays inside, Escape cancels, focus returns to the
 * trigger) labelled by its heading and described by its text. The
 * confirmation is a plain form post, so it works without JavaScript; focus
 * starts on Cancel, the safe choice.
 */
export function ConfirmAction({
  triggerLabel,
  triggerAriaLabel,
  title,
  description,
  confirmLabel,
  tone = "default",
  action,
  children,
  small = false,
  disabled = false,
}: ConfirmActionProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const dialogId = `confirm-${id}`;
  const size = small ? ui.small : "";
  return (
    <>
      <button
        type="button"
        className={`${ui.button} ${size}`}
        aria-label={triggerAriaLabel}
        aria-haspopup="dialog"
        disabled={disabled}
        {...invoker("show-modal", dialogId)}
        onClick={(event) => {
          event.preventDefault();
          ref.current?.showModal();
        }}
      >
        {triggerLabel}
      </button>
      <dialog ref={ref} id={dialogId} className={styles.dialog} aria-labelledby={`${dialogId}-title`} aria-describedby={`${dialogId}-text`}>
        <Form method="post" action={action} className={styles.form} onSubmit={() => ref.current?.close()}>
          <h2 id={`${dialogId}-title`} className={styles.title}>
            {title}
          </h2>
          <div id={`${dialogId}-text`} className={styles.text}>
            {description}
          </div>
          {children}
          <div className={styles.actions}>
            <button
              type="button"
              className={ui.button}
              autoFocus
              {...invoker("close", dialogId)}
              onClick={(event) => {
                event.preventDefault();
                ref.current?.close();
              }}
            >
              Cancel
            </button>
            <button type="submit" className={`${ui.button} ${tone === "danger" ? ui.danger : ui.primary}`}>
              {confirmLabel}
            </button>
          </div>
        </Form>
      </dialog>
    </>
  );
}

/**
 * The same dialog, opened by code rather than a trigger button (e.g. "leave
 * with unsaved changes?"): a native modal, focus on Cancel, Escape cancels.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  tone = "default",
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: "danger" | "default";
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = `confirm-${useId()}`;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <div className={styles.form}>
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        <div id={`${id}-text`} className={styles.text}>
          {description}
        </div>
        <div className={styles.actions}>
          <button type="button" className={ui.button} autoFocus onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className={`${ui.button} ${tone === "danger" ? ui.danger : ui.primary}`} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
