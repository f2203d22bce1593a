import { useEffect } from "react";
import { REVEAL_FIELD_EVENT } from "~/lib/admin-notice";
import type { SectionControls } from "./use-section-state";

/** The section holding the first field a refused save names, in the editor's order of sections. */
export function firstErrorSection(errors: Record<string, string[] | null>, order: readonly string[], sectionOf: (name: string) => string): string | null {
  const sections = Object.entries(errors)
    .filter(([, messages]) => messages?.length)
    .map(([name]) => sectionOf(name));
  return sections.sort((a, b) => order.indexOf(a) - order.indexOf(b))[0] ?? null;
}

/**
 * A sectioned editor's answer to a refused save (the package editor's, ADR 038,
 * and the Home page editor's, ADR 110): the section of its first error opens and
 * the field takes focus, without scrolling (the view stays on the notice, which
 * lists every field to fix as a link); and a notice's link to a field in a
 * closed section opens that section first.
 */
export function useSectionErrors(
  formRef: React.RefObject<HTMLFormElement | null>,
  errors: Record<string, string[] | null> | undefined,
  { openSection }: SectionControls,
  order: readonly string[],
  sectionOf: (name: string) => string,
) {
  useEffect(() => {
    if (!errors) return;
    const section = firstErrorSection(errors, order, sectionOf);
    if (!section) return;
    const field = document.querySelector<HTMLElement>(`[data-editor-section="${section}"] [aria-invalid="true"]`);
    openSection(section);
    const timer = window.setTimeout(() => field?.focus({ preventScroll: true }), 0);
    return () => window.clearTimeout(timer);
    // The order and the mapping are constants of each editor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors, openSection]);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const reveal = (event: Event) => {
      const field = event.target as HTMLElement;
      const section = field.closest("[data-editor-section]")?.getAttribute("data-editor-section");
      if (section) openSection(section, field.id === section ? { heading: true } : { field: field.id });
    };
    form.addEventListener(REVEAL_FIELD_EVENT, reveal);
    return () => form.removeEventListener(REVEAL_FIELD_EVENT, reveal);
  }, [formRef, openSection]);
}
