import { useMemo, useRef, useState } from "react";
import { useEditor } from "./editor-context";
import { useOfferUndo } from "./undo-notice";
import { useKeyedList, type Keyed } from "./use-list";

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const focusSoon = (id: string) => window.setTimeout(() => document.getElementById(id)?.focus(), 0);

/** What a list's rows call: the same object for the list's whole life (memoised rows stay put while another row changes). */
export type ListRows<T> = {
  /** "highlight 3", from a row's index. */
  label: (index: number) => string;
  menuId: (key: string) => string;
  change: (key: string, patch: Partial<T>) => void;
  move: (from: number, to: number) => void;
  duplicate: (index: number) => void;
  /** Removes the row and offers Undo for ten seconds. */
  remove: (index: number) => void;
};

/**
 * A list of the editor (highlights, days, departures…): reorder, duplicate,
 * remove with Undo, and a polite status line saying what happened. After a
 * move focus stays on the row's "⋯" button; after a removal it goes to Undo,
 * and from there back to the list.
 */
export function useEditableList<T extends object>({
  id,
  initial,
  label,
  movedMessage,
  emptyFocusId,
}: {
  /** Unique on the page, e.g. "highlights" or "priceOptions-i2-hotels". */
  id: string;
  initial: T[];
  label: (index: number) => string;
  movedMessage?: (from: number, to: number) => string;
  /** Where focus goes when the last row is gone and Undo was not chosen (the Add button unless set). */
  emptyFocusId?: string;
}) {
  const { markDirty } = useEditor();
  const list = useKeyedList(initial, markDirty);
  const offerUndo = useOfferUndo();
  const [status, setStatus] = useState("");
  const current = useRef({ items: list.items, label, movedMessage, offerUndo });
  current.current = { items: list.items, label, movedMessage, offerUndo };
  const addId = `${id}-add`;
  const { change, move, duplicate, remove, restore } = list;

  const rows = useMemo<ListRows<T>>(() => {
    const labelOf = (index: number) => current.current.label(index);
    const menuId = (key: string) => `${id}-${key}-menu`;
    return {
      label: labelOf,
      menuId,
      change,
      move: (from, to) => {
        const moved = current.current.items[from];
        if (!moved || to < 0 || to >= current.current.items.length) return;
        move(from, to);
        setStatus(current.current.movedMessage?.(from, to) ?? `${capital(labelOf(from))} moved to position ${to + 1}.`);
        focusSoon(menuId(moved.key));
      },
      duplicate: (index) => {
        const key = duplicate(index);
        setStatus(`${capital(labelOf(index))} duplicated as ${labelOf(index + 1)}.`);
        focusSoon(menuId(key));
      },
      remove: (index) => {
        const items = current.current.items;
        const neighbour: Keyed<T> | undefined = items[index + 1] ?? items[index - 1];
        const name = labelOf(index);
        const removed = remove(index);
        if (!removed) return;
        setStatus("");
        current.current.offerUndo({
          message: `${capital(name)} removed.`,
          undoLabel: `Undo: bring back ${name}`,
          undo: () => {
            restore(index, removed);
            setStatus(`${capital(name)} is back.`);
            focusSoon(menuId(removed.key));
          },
          returnFocus: () => document.getElementById(neighbour ? menuId(neighbour.key) : (emptyFocusId ?? addId))?.focus(),
        });
      },
    };
  }, [id, addId, emptyFocusId, change, move, duplicate, remove, restore]);

  return { items: list.items, keys: list.items.map((item) => item.key), add: list.add, rows, status, addId };
}
