import { createContext, useContext, useEffect, useRef, useState } from "react";
import type { PackageWarning, SectionBadge } from "~/lib/package-checks";
import { useEditor } from "./editor-context";
import { useStore, type ReadableStore } from "./editor-store";
import styles from "./editor-sections.module.css";
import type { SectionControls } from "./use-section-state";

/** A section of the editor: its id is also its address fragment (#prices). */
export type SectionSpec = { id: string; title: string };

/** What the navigation and the save bar show about the form as it stands: a badge per section, and the checks (package editor only). */
export type SectionsOverview = { badges: Partial<Record<string, SectionBadge>>; warnings: PackageWarning[] };

/**
 * A sectioned editor's sections, its overview, and the section each posted
 * field belongs to (a refused save's errors are counted on their section):
 * the package editor's (ADR 038) and the Home page editor's (ADR 110).
 */
type EditorUi = { sections: SectionControls; overview: ReadableStore<SectionsOverview>; sectionOf: (name: string) => string };

export const EditorUiContext = createContext<EditorUi | null>(null);

export function useEditorUi(): EditorUi {
  const ui = useContext(EditorUiContext);
  if (!ui) throw new Error("useEditorUi outside a sectioned editor");
  return ui;
}

function NavLink({ section }: { section: SectionSpec }) {
  const { sections, overview, sectionOf } = useEditorUi();
  const current = useStore(sections.store, (state) => state.active === section.id);
  const badge = useStore(overview, (value) => value.badges[section.id]);
  // A refused save's errors outrank the counts: the section to go to says so.
  const { errors } = useEditor();
  const errorCount = Object.entries(errors).filter(([name, messages]) => messages?.length && sectionOf(name) === section.id).length;
  const ref = useRef<HTMLAnchorElement>(null);
  // On a phone the strip scrolls sideways: the open section's link comes into it.
  useEffect(() => {
    if (current) ref.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [current]);
  const badgeText = errorCount > 0 ? (errorCount === 1 ? "1 error" : `${errorCount} errors`) : badge?.text;
  const badgeClass = errorCount > 0 ? styles.badgeError : badge?.warning ? styles.badgeWarning : "";
  return (
    <a
      ref={ref}
      href={`#${section.id}`}
      className={styles.navLink}
      aria-current={current ? "true" : undefined}
      // Read as "Photos: 2 without alt text" (the badge's words follow the title's).
      aria-label={badgeText ? `${section.title}: ${badgeText}` : undefined}
      onClick={(event) => {
        // Without the script (or before it runs) the link is a plain #fragment, which CSS follows.
        if (!sections.store.get().enhanced || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        sections.openSection(section.id, { heading: true });
      }}
    >
      <span className={styles.navTitle}>{section.title}</span>
      {badgeText ? (
        <span className={`${styles.badge} ${badgeClass}`}>
          {badge?.warning && errorCount === 0 ? <span aria-hidden="true">⚠ </span> : null}
          {badgeText}
        </span>
      ) : null}
    </a>
  );
}

/** The sticky list of sections: a column beside the form on wide screens, a sideways strip under the top bar on a phone. */
export function SectionNav({ label, sections }: { label: string; sections: SectionSpec[] }) {
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul className={styles.navList}>
        {sections.map((section) => (
          <li key={section.id}>
            <NavLink section={section} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Holds the sections. Until the script runs (and without it), CSS shows the
 * section the address names (:target), or the `initial` one; then `hidden`
 * does, and every field still posts with the form.
 */
export function SectionsFrame({ children }: { children: React.ReactNode }) {
  const { sections } = useEditorUi();
  const enhanced = useStore(sections.store, (state) => state.enhanced);
  return (
    <div className={styles.sections} data-enhanced={enhanced || undefined}>
      {children}
    </div>
  );
}

/** The open section posts with a save, so the editor opens on it again afterwards (#itinerary). */
export function ActiveSectionInput() {
  const { sections } = useEditorUi();
  const active = useStore(sections.store, (state) => state.active);
  return <input type="hidden" name="section" value={active} />;
}

/**
 * Renders its content only once the section has been opened in the browser:
 * for sections whose code is loaded on demand (History), so opening the
 * editor does not download it. Before that, and without JavaScript, `fallback`.
 */
export function OnceOpened({ id, fallback, children }: { id: string; fallback: React.ReactNode; children: React.ReactNode }) {
  const { sections } = useEditorUi();
  const active = useStore(sections.store, (state) => state.enhanced && state.active === id);
  const [opened, setOpened] = useState(false);
  if (active && !opened) setOpened(true);
  return <>{opened || active ? children : fallback}</>;
}

/** One section: a heading (focused when the navigation opens it) and its fields. */
export function EditorSection({ id, title, initial, children }: SectionSpec & { initial: boolean; children: React.ReactNode }) {
  const { sections } = useEditorUi();
  const hidden = useStore(sections.store, (state) => state.enhanced && state.active !== id);
  return (
    <section id={id} data-editor-section={id} data-initial={initial || undefined} hidden={hidden} aria-labelledby={`${id}-title`} className={styles.section}>
      <h2 id={`${id}-title`} className={styles.sectionTitle} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}
