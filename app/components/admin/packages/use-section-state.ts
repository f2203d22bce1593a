import { useCallback, useEffect, useState } from "react";
import { createStore, type Store } from "./editor-store";

/** Which section shows; `enhanced` once the script runs (before that, CSS shows the one the address names). */
export type SectionState = { active: string; enhanced: boolean };

/** Where focus goes when a section opens: its heading, a field (by element id), or nowhere. */
export type SectionFocus = { heading: true } | { field: string } | null;

export type SectionControls = {
  store: Store<SectionState>;
  /** Shows a section, keeps it in the address (#itinerary), and moves focus into it. */
  openSection: (id: string, focus?: SectionFocus) => void;
};

const ATTRIBUTE = "data-editor-section";

/** The section an address's fragment names: a section itself, or the section holding that element (#days → basics). */
function sectionOfHash(hash: string): string | null {
  const id = decodeURIComponent(hash.replace(/^#/, ""));
  if (!id) return null;
  const target = document.getElementById(id);
  return target?.closest(`[${ATTRIBUTE}]`)?.getAttribute(ATTRIBUTE) ?? null;
}

/** Moves focus (and the view) to a section's heading or a field inside it, once the section is no longer hidden. */
function focusInSection(id: string, focus: SectionFocus) {
  const section = document.querySelector<HTMLElement>(`[${ATTRIBUTE}="${id}"]`);
  if (!section || !focus) return;
  const target = "heading" in focus ? section.querySelector<HTMLElement>("h2") : document.getElementById(focus.field);
  if (!target) return;
  // A collapsed row opens to show its field (see sortable-list.tsx).
  target.closest<HTMLElement>("[data-row-body][hidden]")?.dispatchEvent(new CustomEvent("editor:reveal", { bubbles: true }));
  target.focus({ preventScroll: true });
  // Into view unless it is well clear of the sticky bars already: a section from its start, a field in the middle.
  const into = "heading" in focus ? section : target;
  const box = into.getBoundingClientRect();
  const clear = box.top >= 120 && (("heading" in focus && box.top < window.innerHeight / 2) || box.bottom <= window.innerHeight - 140);
  if (!clear) into.scrollIntoView({ block: "heading" in focus ? "start" : "center" });
}

/**
 * One section of the editor shows at a time. The open one follows the
 * address's fragment (deep links: /admin/packages/1#itinerary), replaced rather
 * than pushed, so Back still leaves the editor.
 */
export function useSectionState(initial: string): SectionControls {
  const [store] = useState(() => createStore<SectionState>({ active: initial, enhanced: false }));

  useEffect(() => {
    store.set({ active: sectionOfHash(window.location.hash) ?? store.get().active, enhanced: true });
    const follow = () => {
      const active = sectionOfHash(window.location.hash);
      if (active) store.set({ ...store.get(), active });
    };
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, [store]);

  const openSection = useCallback(
    (id: string, focus: SectionFocus = null) => {
      if (store.get().active !== id) store.set({ ...store.get(), active: id });
      // React Router's own entry (history.state) stays as it is; only the fragment changes.
      if (window.location.hash !== `#${id}`) window.history.replaceState(window.history.state, "", `#${id}`);
      // After React has shown the section (a task later than its render).
      window.setTimeout(() => focusInSection(id, focus), 0);
    },
    [store],
  );
  return { store, openSection };
}
