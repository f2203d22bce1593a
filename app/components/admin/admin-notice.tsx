import { createContext, useContext, useEffect, useRef, useState } from "react";
import { REVEAL_FIELD_EVENT, type AdminNotice, type NoticeField } from "~/lib/admin-notice";
import { CloseIcon } from "./admin-icons";
import styles from "./admin-notice.module.css";

const ShowNotice = createContext<(notice: AdminNotice | null) => void>(() => {});

/** Shows a notice from a client-side component (the same place flash notices appear). */
export function useShowNotice() {
  return useContext(ShowNotice);
}

/** A refused save's fields, each a link that shows and focuses the field (an editor may first open its section). */
function FieldLinks({ fields }: { fields: NoticeField[] }) {
  return (
    <ul className={styles.fields}>
      {fields.map((field) => (
        <li key={field.id}>
          <a
            href={`#${field.id}`}
            onClick={(event) => {
              const target = document.getElementById(field.id);
              if (!target) return;
              event.preventDefault();
              target.dispatchEvent(new CustomEvent(REVEAL_FIELD_EVENT, { bubbles: true }));
              window.setTimeout(() => target.focus(), 0);
            }}
          >
            {field.label}
          </a>
          {field.message ? `: ${field.message}` : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The one notice component of the admin. Two live regions stay in the page
 * at all times, so screen readers announce what appears in them: successes
 * politely (role="status"), failures at once (role="alert"). `initial` is
 * the flash notice the layout's loader read after a redirect.
 */
export function NoticeArea({ initial, children }: { initial: AdminNotice | null; children: React.ReactNode }) {
  const [state, setState] = useState({ source: initial, notice: initial });
  // A new flash notice (new loader data) replaces whatever was shown.
  if (state.source !== initial) setState({ source: initial, notice: initial });
  const notice = state.source !== initial ? initial : state.notice;
  const show = (next: AdminNotice | null) => setState((current) => ({ ...current, notice: next }));
  const cardRef = useRef<HTMLDivElement>(null);
  // A notice is read out by its live region, and also brought into view (below
  // the sticky top bar, see admin-shell.module.css) for whoever was scrolled
  // down to a Save button: a notice off screen is a notice not seen.
  const mounted = useRef(false);
  useEffect(() => {
    cardRef.current?.scrollIntoView({ block: "nearest" });
    // Focus lost with the button that was pressed (a confirmed "Cancel the
    // booking" leaves the page without that button) lands on the notice, not
    // on the page's start: the keyboard goes on from what just happened. Not
    // on a page's first render: a page load starts at the skip link.
    const active = document.activeElement;
    if (mounted.current && cardRef.current && (!active || active === document.body)) cardRef.current.focus({ preventScroll: true });
    mounted.current = true;
  }, [notice]);

  const card = (kind: AdminNotice["kind"]) =>
    notice?.kind === kind ? (
      <div ref={cardRef} tabIndex={-1} className={`${styles.notice} ${styles[kind]}`}>
        <div className={styles.message}>
          <p className={styles.text}>{notice.message}</p>
          {notice.fields?.length ? <FieldLinks fields={notice.fields} /> : null}
        </div>
        <button type="button" className={styles.dismiss} aria-label="Dismiss message" onClick={() => show(null)}>
          <CloseIcon className={styles.icon} />
        </button>
      </div>
    ) : null;

  return (
    <ShowNotice.Provider value={show}>
      <div className={styles.area}>
        <div role="status" aria-live="polite" aria-atomic="true">
          {card("success")}
        </div>
        <div role="alert" aria-atomic="true">
          {card("error")}
        </div>
      </div>
      {children}
    </ShowNotice.Provider>
  );
}
