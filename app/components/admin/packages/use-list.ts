import { useRef, useState } from "react";

export type Keyed<T> = T & { key: string };

/** A list the editor can add to, remove from and reorder, each item with a stable key (React and dnd-kit ids). */
export function useKeyedList<T extends object>(initial: T[], onChange: () => void) {
  const next = useRef(0);
  const keyed = (item: T): Keyed<T> => ({ ...item, key: `i${next.current++}` });
  const [items, setItems] = useState<Keyed<T>[]>(() => initial.map(keyed));
  const update = (fn: (items: Keyed<T>[]) => Keyed<T>[]) => {
    setItems(fn);
    onChange();
  };
  return {
    items,
    add: (item: T) => update((list) => [...list, keyed(item)]),
    remove: (index: number) => update((list) => list.filter((_, i) => i !== index)),
    change: (index: number, patch: Partial<T>) => update((list) => list.map((item, i) => (i === index ? { ...item, ...patch } : item))),
    move: (from: number, to: number) =>
      update((list) => {
        if (to < 0 || to >= list.length || from === to) return list;
        const copy = [...list];
        const [moved] = copy.splice(from, 1);
        copy.splice(to, 0, moved!);
        return copy;
      }),
  };
}
