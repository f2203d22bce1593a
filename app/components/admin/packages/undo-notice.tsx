import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { adminUi } from "../admin-page";
import styles from "./save-bar.module.css";

/** Something just removed, and how to bring it back. */
type UndoOffer = {
  /** "Highlight 3 removed." */
  message: string;
  /** Names what Undo brings back, e.g. "Undo: bring back highlight 3". */
  undoLabel: string;
  undo: () => void;
  /** Where focus goes if the notice closes while it holds focus (the row that took the removed one's place). */
  returnFocus: () => void;
};

/** How long Undo is offered (issue 20); the time stops while the pointer rests on the notice. */
const UNDO_MS = 10_000;

type Shown = UndoOffer & { id: number };
const UndoContext = createContext<{ offer: (offer: UndoOffer) => void; shown: Shown | null; close: (undone: boolean) => void }>({
  offer: () => {},
  shown: null,
  close: () => {},
});

/** Offers Undo for something just removed; a newer removal replaces the offer (the older one stays removed). */
export function useOfferUndo() {
  return useContext(UndoContext).offer;
}

export function UndoProvider({ children }: { children: React.ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const counter = useRef(0);
  const offer = useCallback((next: UndoOffer) => setShown({ ...next, id: ++counter.current }), []);
  const close = useCallback((undone: boolean) => {
    if (undone) shownRef.current?.undo();
    setShown(null);
  }, []);
  return <UndoContext.Provider value={{ offer, shown, close }}>{children}</UndoContext.Provider>;
}

/**
 * The in-page notice with the Undo button (never a browser dialog). It takes
 * focus when it appears, so a keyboard user is one key from Undo; it is read
 * out through its live region. Escape dismisses it. When it goes (after ten
 * seconds, or dismissed) holding focus, focus goes back to the list.
 */
export function UndoNotice() {
  const { shown, close } = useContext(UndoContext);
  const [paused, setPaused] = useState(false);
  const areaRef = useRef<HTMLDivElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (shown) undoRef.current?.focus();
  }, [shown]);

  useEffect(() => {
    if (!shown || paused) return;
    const timer = window.setTimeout(() => {
      if (areaRef.current?.contains(document.activeElement)) shown.returnFocus();
      close(false);
    }, UNDO_MS);
    return () => window.clearTimeout(timer);
  }, [shown, paused, close]);

  const finish = (undone: boolean) => {
    if (!undone && shown && areaRef.current?.contains(document.activeElement)) shown.returnFocus();
    setPaused(false);
    close(undone);
  };

  return (
    <div
      ref={areaRef}
      className={styles.undoArea}
      role="status"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onKeyDown={(event) => {
        if (event.key === "Escape") finish(false);
      }}
    >
      {shown ? (
        <div className={styles.undo} key={shown.id}>
          <span>{shown.message}</span>
          <button ref={undoRef} type="button" className={`${adminUi.button} ${adminUi.small}`} aria-label={shown.undoLabel} onClick={() => finish(true)}>
            Undo
          </button>
          <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={() => finish(false)}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
