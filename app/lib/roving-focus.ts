const NEXT = { horizontal: "ArrowRight", vertical: "ArrowDown" } as const;
const PREVIOUS = { horizontal: "ArrowLeft", vertical: "ArrowUp" } as const;

/**
 * Where a key moves focus among `count` items of a one-line widget (a tab
 * list, a toolbar, a menu: the WAI-ARIA roving focus patterns): the arrows
 * step and wrap at the ends, Home and End go to the first and last. Null for
 * any other key, which the widget leaves to the browser.
 */
export function rovingIndex(key: string, current: number, count: number, axis: keyof typeof NEXT = "horizontal"): number | null {
  if (count < 1) return null;
  if (key === NEXT[axis]) return (current + 1 + count) % count;
  if (key === PREVIOUS[axis]) return (current - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}
