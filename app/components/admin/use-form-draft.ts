import { useCallback, useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";

/**
 * A browser copy of a form while it has unsaved changes (issue 20, ADR 040):
 * written at most once a second to localStorage under the signed-in user, the
 * thing edited and its id, never sent anywhere, removed at sign-out. Opening
 * the form again with a copy newer than what is stored offers "Restore
 * unsaved changes from <time>" or "Discard".
 */
const DRAFT_PREFIX = "pravas:draft:";
const WRITE_EVERY_MS = 1_000;

/** `marker` is the stored version the copy was typed on; `submitted` says the copy was flushed by a save that was sent. */
type StoredDraft = { savedAt: string; fields: [string, string][]; marker?: string | number; submitted?: boolean };

type Options = {
  /** What is edited and which one: "blog:12", "enquiry-note:lead-3", "package:new". */
  entity: string;
  /** When the stored version was saved (ISO): an older copy is stale and dropped. */
  storedAt?: string | null;
  /** Changes when this form's own save succeeded (an updatedAt, a count of notes): the copy is dropped. */
  savedMarker?: string | number;
  /** Puts a copy back; the default sets each named field in the form. */
  restore?: (fields: [string, string][], form: HTMLFormElement, savedAt: string) => void;
  /** False once a copy was restored into a fresh form: it is not offered again. */
  offer?: boolean;
  /** The new-item form that created this item ("package:new", or the keys it may have had): its copy, sent with the create and matching this item, is done. */
  createdFrom?: { entity: string | string[]; matches: (fields: [string, string][]) => boolean };
  /** Fields never kept (hidden bookkeeping, secrets). */
  skip?: (name: string) => boolean;
};

function readDraft(key: string): StoredDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as StoredDraft) : null;
  } catch {
    return null;
  }
}

/** Sets each named control's value from the copy (text, selects, checkboxes), and lets React know. */
function restoreFieldsInPlace(fields: [string, string][], form: HTMLFormElement) {
  const byName = new Map<string, string[]>();
  for (const [name, value] of fields) byName.set(name, [...(byName.get(name) ?? []), value]);
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) continue;
    if (!element.name || element.type === "hidden" || element.type === "file" || element.type === "password") continue;
    const values = byName.get(element.name);
    if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
      element.checked = Boolean(values?.includes(element.value));
    } else if (values) {
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value")?.set;
      setter?.call(element, values[0]);
    } else continue;
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  }
}

/** Removes every browser copy on this device: at sign-out. */
export function forgetAllDrafts() {
  try {
    for (let i = window.localStorage.length - 1; i >= 0; i--) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(DRAFT_PREFIX)) window.localStorage.removeItem(key);
    }
  } catch {
    // storage unavailable: nothing kept
  }
}

export function useFormDraft(formRef: React.RefObject<HTMLFormElement | null>, options: Options) {
  const viewerId = useRouteLoaderData<{ viewer?: { id?: string } }>("routes/admin/layout")?.viewer?.id ?? "anyone";
  const key = `${DRAFT_PREFIX}${viewerId}:${options.entity}`;
  const [offer, setOffer] = useState<StoredDraft | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const markerAtSubmit = useRef<string | number | undefined | null>(null);

  // On opening: a copy newer than the stored version is offered; a stale one is dropped.
  useEffect(() => {
    const created = optionsRef.current.createdFrom;
    for (const entity of created ? [created.entity].flat() : []) {
      const createKey = `${DRAFT_PREFIX}${viewerId}:${entity}`;
      const copy = readDraft(createKey);
      if (copy?.submitted && created!.matches(copy.fields)) window.localStorage.removeItem(createKey);
    }
    const draft = readDraft(key);
    if (!draft || optionsRef.current.offer === false) return;
    const { storedAt, savedMarker } = optionsRef.current;
    // Sent with a save that then stored a new version (the page reloaded with it): done.
    const saved = draft.submitted && savedMarker !== undefined && draft.marker !== savedMarker;
    if (saved || (storedAt && new Date(draft.savedAt) <= new Date(storedAt))) window.localStorage.removeItem(key);
    else setOffer(draft);
  }, [key, viewerId]);

  // While typing: at most one write a second.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const write = (submitted = false) => {
      timer.current = null;
      const skip = optionsRef.current.skip ?? (() => false);
      const fields: [string, string][] = [];
      for (const [name, value] of new FormData(form)) if (typeof value === "string" && !skip(name)) fields.push([name, value]);
      try {
        window.localStorage.setItem(
          key,
          JSON.stringify({ savedAt: new Date().toISOString(), fields, marker: optionsRef.current.savedMarker, submitted } satisfies StoredDraft),
        );
      } catch {
        // full or blocked: the form still holds everything
      }
    };
    const onInput = () => {
      timer.current ??= setTimeout(() => write(), WRITE_EVERY_MS);
    };
    const onSubmit = () => {
      markerAtSubmit.current = optionsRef.current.savedMarker;
      if (timer.current) clearTimeout(timer.current);
      // Flushed and marked: when the save stores a new version, the reloaded editor drops the copy.
      if (timer.current || readDraft(key)) write(true);
    };
    form.addEventListener("input", onInput);
    form.addEventListener("change", onInput);
    form.addEventListener("submit", onSubmit);
    return () => {
      form.removeEventListener("input", onInput);
      form.removeEventListener("change", onInput);
      form.removeEventListener("submit", onSubmit);
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [formRef, key]);

  // This form's own save succeeded: its copy is no longer needed.
  useEffect(() => {
    if (markerAtSubmit.current !== null && options.savedMarker !== markerAtSubmit.current) {
      markerAtSubmit.current = null;
      window.localStorage.removeItem(key);
      setOffer(null);
    }
  }, [options.savedMarker, key]);

  const restore = useCallback(() => {
    const form = formRef.current;
    if (!offer || !form) return;
    (optionsRef.current.restore ?? restoreFieldsInPlace)(offer.fields, form, offer.savedAt);
    setOffer(null);
  }, [offer, formRef]);

  const discard = useCallback(() => {
    window.localStorage.removeItem(key);
    setOffer(null);
  }, [key]);

  return { offer, restore, discard };
}

/**
 * A sectioned editor whose lists cannot be refilled in place (rows come and
 * go): a restored browser copy remounts the editor from the copy's values, as
 * unsaved changes. `key` and `values` go to the editor; `onRestore` to useFormDraft.
 */
export function useRestoredCopy<V>(stored: V, toValues: (fields: [string, string][]) => V) {
  const [restored, setRestored] = useState<{ values: V; savedAt: string } | null>(null);
  const toValuesRef = useRef(toValues);
  toValuesRef.current = toValues;
  const onRestore = useCallback(
    (fields: [string, string][], _form: HTMLFormElement, savedAt: string) => setRestored({ values: toValuesRef.current(fields), savedAt }),
    [],
  );
  return { key: restored?.savedAt ?? "stored", values: restored?.values ?? stored, restoredCopy: restored !== null, onRestore };
}
