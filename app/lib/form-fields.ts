/**
 * Nested values from form field names in conform's notation (`price.adult`,
 * `itinerary[2].title`, `highlights[0]`): what a form posts, as an object.
 * Values stay text; a repeated name keeps its last value.
 */
export function structuredFields(fields: Iterable<[string, string]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of fields) {
    const path = name.split(/\.|\[(\d+)\]/).filter((part) => part !== undefined && part !== "");
    if (path.length === 0) continue;
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((key, index) => {
      const last = index === path.length - 1;
      const slot = /^\d+$/.test(key) ? Number(key) : key;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[slot] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1]!);
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}
