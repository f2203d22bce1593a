import { createContext, useContext } from "react";

/** Field errors of the last refused save, by conform name (e.g. "itinerary[0].title"), and the dirty flag. */
export const EditorContext = createContext<{ errors: Record<string, string[] | null>; markDirty: () => void }>({
  errors: {},
  markDirty: () => {},
});

export function useEditor() {
  return useContext(EditorContext);
}

/** aria wiring and message of one field's error. */
export function useFieldError(name: string) {
  const message = useEditor().errors[name]?.[0];
  const id = `${name.replace(/[^a-zA-Z0-9_-]/g, "-")}-error`;
  return {
    message,
    errorId: id,
    aria: { "aria-invalid": message ? (true as const) : undefined, "aria-describedby": message ? id : undefined },
  };
}
