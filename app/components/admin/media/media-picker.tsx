import { useCallback, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { LIBRARY_JSON_PATH, librarySearchHref, type LibraryItem, type LibraryPage, type LibrarySearch } from "~/lib/media-library";
import { adminUi } from "../admin-page";
import { NoAltBadge } from "./media-card";
import styles from "./media-library.module.css";
import { MediaSearchFields, resultSummary } from "./media-search";

type Load = { state: "idle" | "loading" | "error"; page: LibraryPage | null; message: string };

/**
 * "Choose from library" (issue 21 §4, ADR 043): a button opening a modal
 * dialog with the library's grid and search (the page behind is inert, focus
 * stays inside, Escape closes, focus returns to the button). The list comes
 * from /admin/media/library.json. Choosing an image hands it to `onPick`; a
 * gallery (`multiple`) keeps the dialog open to add more.
 */
export function ChooseFromLibrary({
  onPick,
  multiple = false,
  label = "Choose from library",
  title = "Choose an image from the library",
  describedBy,
  ariaLabel,
}: {
  onPick: (item: LibraryItem) => void;
  /** The button's name when its words need the field's ("Choose from library: Gallery"). */
  ariaLabel?: string;
  multiple?: boolean;
  label?: React.ReactNode;
  title?: string;
  describedBy?: string;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState<LibrarySearch>({ q: "", filter: "all", page: 1 });
  const [load, setLoad] = useState<Load>({ state: "idle", page: null, message: "" });
  const [picked, setPicked] = useState<string[]>([]);
  const request = useRef<AbortController | null>(null);
  // The dialog lives under <body>: an editor's field sits inside the editor's form, and forms do not nest.
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => setHost(document.body), []);

  const fetchPage = useCallback(async (next: LibrarySearch) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setSearch(next);
    setLoad((current) => ({ ...current, state: "loading", message: "Loading images…" }));
    try {
      const response = await fetch(librarySearchHref(LIBRARY_JSON_PATH, next), {
        headers: { Accept: "application/json" },
        credentials: "same-origin",
        signal: controller.signal,
      });
      if (!response.ok || !response.headers.get("content-type")?.includes("application/json")) {
        throw new Error(response.status === 403 ? "You may not use the media library." : "Your session may have ended: sign in again, then retry.");
      }
      const page = (await response.json()) as LibraryPage;
      setLoad({ state: "idle", page, message: resultSummary(page.total, page.search) + (page.pages > 1 ? ` Page ${page.page} of ${page.pages}.` : "") });
    } catch (error) {
      if (controller.signal.aborted) return;
      setLoad({ state: "error", page: null, message: error instanceof Error ? error.message : "The library could not be loaded." });
    }
  }, []);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      void fetchPage({ q: "", filter: "all", page: 1 });
    }
    if (!open && element.open) element.close();
  }, [open, fetchPage, host]);
  useEffect(() => () => request.current?.abort(), []);

  const close = () => {
    setOpen(false);
    setPicked([]);
    trigger.current?.focus();
  };
  const choose = (item: LibraryItem) => {
    onPick(item);
    if (multiple) setPicked((current) => [...current, item.key]);
    else close();
  };
  const page = load.page;

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={`${adminUi.button} ${adminUi.small} ${styles.libraryButton}`}
        aria-haspopup="dialog"
        aria-label={ariaLabel}
        aria-describedby={describedBy}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {host
        ? createPortal(
            <dialog
              ref={dialog}
              className={styles.dialog}
              aria-labelledby={`${id}-title`}
              // React hands a portal's events to its parents: typing a search is no change to the editor's form.
              onChange={(event) => event.stopPropagation()}
              onInput={(event) => event.stopPropagation()}
              onCancel={(event) => {
                event.preventDefault();
                close();
              }}
            >
              {open ? (
                <div className={styles.dialogInner}>
                  <div className={styles.dialogHead}>
                    <h2 id={`${id}-title`} className={styles.dialogTitle}>
                      {title}
                    </h2>
                    <button type="button" className={`${adminUi.button} ${adminUi.small}`} onClick={close}>
                      {multiple ? "Done" : "Close"}
                    </button>
                  </div>
                  <form
                    role="search"
                    aria-label="Search the library"
                    className={styles.filters}
                    onSubmit={(event) => {
                      event.preventDefault();
                      // React passes a portal's events to its parents: the editor's form must not see this one.
                      event.stopPropagation();
                      const form = new FormData(event.currentTarget);
                      void fetchPage({ q: String(form.get("q") ?? "").trim(), filter: (form.get("filter") as LibrarySearch["filter"]) ?? "all", page: 1 });
                    }}
                  >
                    <MediaSearchFields idPrefix={`${id}-`} search={search} />
                  </form>
                  <p className={load.state === "error" ? styles.error : styles.status} role="status">
                    {load.message}
                  </p>
                  {page && page.items.length > 0 ? (
                    <ul className={styles.pickGrid} aria-label="Images" aria-busy={load.state === "loading" || undefined}>
                      {page.items.map((item) => {
                        const chosen = picked.includes(item.key);
                        return (
                          <li key={item.id}>
                            <button type="button" className={styles.pick} aria-pressed={multiple ? chosen : undefined} onClick={() => choose(item)}>
                              <img className={styles.thumb} src={item.thumbUrl} alt="" width={400} height={300} loading="lazy" decoding="async" />
                              <span className={styles.pickText}>
                                <span className={styles.pickName}>
                                  {multiple && chosen ? "Added: " : ""}
                                  {item.name}
                                </span>
                                {item.alt.trim() ? <span>{item.alt}</span> : <NoAltBadge />}
                                <span>
                                  {item.width} × {item.height} px ·{" "}
                                  {item.uses.length === 0 ? "not used" : `used ${item.uses.length === 1 ? "once" : `${item.uses.length} times`}`}
                                </span>
                              </span>
                            </button>
                          </li>
                        );
                      })}
                    </ul>
                  ) : null}
                  {page && page.pages > 1 ? (
                    <nav className={styles.pager} aria-label="Library pages">
                      <button
                        type="button"
                        className={`${adminUi.button} ${adminUi.small}`}
                        disabled={page.page <= 1}
                        onClick={() => void fetchPage({ ...search, page: page.page - 1 })}
                      >
                        Previous page
                      </button>
                      <span>
                        Page {page.page} of {page.pages}
                      </span>
                      <button
                        type="button"
                        className={`${adminUi.button} ${adminUi.small}`}
                        disabled={page.page >= page.pages}
                        onClick={() => void fetchPage({ ...search, page: page.page + 1 })}
                      >
                        Next page
                      </button>
                    </nav>
                  ) : null}
                </div>
              ) : null}
            </dialog>,
            host,
          )
        : null}
    </>
  );
}
