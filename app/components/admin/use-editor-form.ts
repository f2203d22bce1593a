import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import type { NoticeField } from "~/lib/admin-notice";
import type { EditConflict } from "~/lib/revisions";
import { slugify } from "~/lib/slugify";
import { useShowNotice } from "./admin-notice";
import { useUploadsBusy } from "./packages/package-uploads";

/** What a content editor's action answers when it refuses a save: field errors, or a conflict (409, ADR 037) with the button pressed. */
export type EditorActionData = { errors: Record<string, string[] | null>; notice: string; conflict?: EditConflict & { intent: string } };

/** No errors: the same object every render, so what depends on the errors is not redone while someone types. */
const NO_ERRORS: EditorActionData["errors"] = {};

/**
 * The state every content editor (packages, blogs) shares: unsaved changes,
 * saving and uploads in progress, and a refused save's notice with focus on
 * the first field to fix.
 */
export function useEditorForm(
  actionData: EditorActionData | undefined,
  { startDirty = false, anchorOf = (name: string) => name }: { startDirty?: boolean; anchorOf?: (name: string) => string } = {},
) {
  // A restored revision is loaded as unsaved changes (ADR 037).
  const [dirty, setDirty] = useState(startDirty);
  const navigation = useNavigation();
  const { uploading, reporter } = useUploadsBusy();
  const saving = navigation.state === "submitting" || (navigation.state === "loading" && navigation.formMethod === "POST");
  const formRef = useRef<HTMLFormElement>(null);

  // showNotice is a new function on every render of the notice area: read it
  // through a ref so this runs once per refused save, not in a loop.
  const showNotice = useShowNotice();
  const showNoticeRef = useRef(showNotice);
  const anchorRef = useRef(anchorOf);
  showNoticeRef.current = showNotice;
  useEffect(() => {
    // A conflict has its own notice, with what to do about it (ConflictNotice).
    if (!actionData || actionData.conflict) return;
    const fields = invalidFields(formRef.current, actionData.errors, anchorRef.current);
    // Fields to fix are not a failure: say which, each a link to its field (issue 20).
    if (fields.length > 0) {
      const count = fields.length === 1 ? "1 field needs" : `${fields.length} fields need`;
      showNoticeRef.current({ kind: "error", message: `Not saved yet: ${count} attention.`, fields });
    } else showNoticeRef.current({ kind: "error", message: actionData.notice });
    // Focus goes to the first field to fix; the view stays on the notice, which
    // the notice area brings into view (focus moving would scroll it away).
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus({ preventScroll: true });
  }, [actionData]);

  return { dirty, setDirty, markDirty: () => setDirty(true), saving, uploading, reporter, formRef, errors: actionData?.errors ?? NO_ERRORS };
}

/** "priceOptions[0].amount" → "Price options 1 amount": a name as words, for an error with no labelled control. */
function fieldWords(name: string): string {
  const words = name
    .replace(/\[(\d+)\]/g, (_, index: string) => ` ${Number(index) + 1} `)
    .replace(/\./g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The fields a refused save named, in the form's order: each invalid control's label and message, then errors with no control. */
function invalidFields(form: HTMLFormElement | null, errors: EditorActionData["errors"], anchorOf: (name: string) => string): NoticeField[] {
  const named = Object.entries(errors).filter(([, messages]) => messages?.length);
  if (named.length === 0) return [];
  const fields: NoticeField[] = [];
  const shown = new Set<string>();
  for (const control of Array.from(form?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? [])) {
    const name = control.getAttribute("name") ?? control.id;
    // A control with no id cannot be linked to (a rich-text editor's inner box: its labelled field is listed).
    if (!control.id || shown.has(name)) continue;
    const label = (control as HTMLInputElement).labels?.[0]?.textContent?.trim() || control.getAttribute("aria-label") || name;
    fields.push({ id: control.id, label, message: errors[name]?.[0] ?? "" });
    shown.add(name);
  }
  for (const [name, messages] of named) {
    if (!shown.has(name)) fields.push({ id: anchorOf(name), label: fieldWords(name), message: messages![0]! });
  }
  return fields;
}

/** A slug that follows the title until someone edits it by hand. */
export function useDerivedSlug(initial: string) {
  const [edited, setEdited] = useState(Boolean(initial));
  const [slug, setSlug] = useState(initial);
  return {
    slug,
    /** Call with each new title. */
    followTitle: (title: string) => {
      if (!edited) setSlug(slugify(title));
    },
    /** Call when the slug field itself is typed in. */
    editSlug: (value: string) => {
      setSlug(value);
      setEdited(true);
    },
  };
}
