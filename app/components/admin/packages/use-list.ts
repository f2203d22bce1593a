import { useMemo, useRef, useState } from "react";

export type Keyed<T> = T & { key: string };

/** What a list row may call; the same object for the list's whole life, so memoised rows stay put while another row changes. */
type KeyedListActions<T> = {
  add: (item: T) => void;
  /** Takes an item out and hands it back (with its key), for Undo. */
  remove: (index: number) => Keyed<T> | undefined;
  /** Puts a removed item back where it was (Undo). */
  restore: (index: number, item: Keyed<T>) => void;
  /** A copy right after the item; returns the copy's key. */
  duplicate: (index: number) => string;
  change: (key: string, patch: Partial<T>) => void;
  move: (from: number, to: number) => void;
};

/**
 * A list the editor can add to, remove from, restore, duplicate in and
 * reorder, each item with a stable key (React and dnd-kit ids, element ids).
 */
export function useKeyedList<T extends object>(initial: T[], onChange: () => void): { items: Keyed<T>[] } & KeyedListActions<T> {
  const next = useRef(0);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [items, setItems] = useState<Keyed<T>[]>(() => initial.map((item) => ({ ...item, key: `i${next.current++}` })));
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const actions = useMemo<KeyedListActions<T>>(() => {
    const newKey = () => `i${next.current++}`;
    const update = (fn: (items: Keyed<T>[]) => Keyed<T>[]) => {
      setItems(fn);
      onChangeRef.current();
    };
    return {
      add: (item) => update((list) => [...list, { ...item, key: newKey() }]),
      remove: (index) => {
        const removed = itemsRef.current[index];
        update((list) => list.filter((_, i) => i !== index));
        return removed;
      },
      restore: (index, item) => update((list) => (list.some((other) => other.key === item.key) ? list : [...list.slice(0, index), item, ...list.slice(index)])),
      duplicate: (index) => {
        const key = newKey();
        update((list) => {
          const original = list[index];
          if (!original) return list;
          // A structured copy: nested lists (a price option's hotels) must not be shared.
          return [...list.slice(0, index + 1), { ...structuredClone(original), key }, ...list.slice(index + 1)];
        });
        return key;
      },
      change: (key, patch) => update((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item))),
      move: (from, to) =>
        update((list) => {
          if (to < 0 || to >= list.length || from === to) return list;
          const copy = [...list];
          const [moved] = copy.splice(from, 1);
          copy.splice(to, 0, moved!);
          return copy;
        }),
    };
  }, []);
  return { items, ...actions };
}
