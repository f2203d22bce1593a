import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a media query matches, kept up to date. The server (and the first
 * render in the browser) uses `serverValue`, so hydration never mismatches.
 */
export function useMediaQuery(query: string, serverValue: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener("change", onChange);
      return () => media.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/**
 * Whether the visitor asked for reduced motion. The server answers "yes", so
 * nothing moves before the page is interactive and the real preference known.
 */
export function useReducedMotion(): boolean {
  return useMediaQuery("(prefers-reduced-motion: reduce)", true);
}
