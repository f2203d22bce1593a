import { useEffect, useRef, useState } from "react";
import type { LibraryItem } from "~/lib/media-library";
import { adminUi } from "../admin-page";
import styles from "./media-library.module.css";

/** Cards a phone shows before "Show more": a page of 24 cards one under another was 19,091 px tall (issue 49). */
export const PHONE_FIRST_CARDS = 6;

/**
 * The library page's cards. On a phone (one column) the first few show and
 * "Show N more images" shows the rest of the page, moving focus to the first
 * of them; wider screens show the whole page. Until the script runs every card
 * shows, so none is out of reach. The caller keys it by page and search, so
 * each page starts short again.
 */
export function MediaGrid({ items, renderItem }: { items: LibraryItem[]; renderItem: (item: LibraryItem) => React.ReactNode }) {
  const [enhanced, setEnhanced] = useState(false);
  const [allShown, setAllShown] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => setEnhanced(true), []);
  const more = items.length - PHONE_FIRST_CARDS;
  const showMore = () => {
    setAllShown(true);
    requestAnimationFrame(() => listRef.current?.children[PHONE_FIRST_CARDS]?.querySelector<HTMLElement>("h2")?.focus());
  };
  return (
    <>
      <ul ref={listRef} className={styles.grid} aria-label="Images" data-phone-short={(enhanced && !allShown) || undefined}>
        {items.map(renderItem)}
      </ul>
      {enhanced && !allShown && more > 0 ? (
        <button type="button" className={`${adminUi.button} ${styles.showMore}`} onClick={showMore}>
          Show {more} more {more === 1 ? "image" : "images"}
        </button>
      ) : null}
    </>
  );
}
