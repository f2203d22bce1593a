import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
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
export function useEditorForm(actionData: EditorActionData | undefined, { startDirty = false }: { startDirty?: boolean } = {}) {
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
  showNoticeRef.current = showNotice;
  useEffect(() => {
    // A conflict has its own notice, with what to do about it (ConflictNotice).
    if (!actionData || actionData.conflict) return;
    showNoticeRef.current({ kind: "error", message: actionData.notice });
    // Focus goes to the first field to fix; the view stays on the notice, which
    // the notice area brings into view (focus moving would scroll it away).
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus({ preventScroll: true });
  }, [actionData]);

  return { dirty, setDirty, markDirty: () => setDirty(true), saving, uploading, reporter, formRef, errors: actionData?.errors ?? NO_ERRORS };
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
