import { startTransition, useEffect, useState } from "react";

/**
 * Whether a media query matches, kept up to date. The server (and the first
 * render in the browser) uses `serverValue`, so hydration never mismatches.
 * The browser's answer comes in a transition after hydration: React renders it
 * in short slices, where useSyncExternalStore forced one synchronous re-render
 * of the whole section right after hydration (a long task on a slow phone, ADR 078).
 */
export function useMediaQuery(query: string, serverValue: boolean): boolean {
  const [matches, setMatches] = useState(serverValue);
  useEffect(() => {
    const media = window.matchMedia(query);
    const update = () => startTransition(() => setMatches(media.matches));
    update();
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, [query]);
  return matches;
}

/**
 * Whether the visitor asked for reduced motion. The server answers "yes", so
 * nothing moves before the page is interactive and the real preference known.
 */
export function useReducedMotion(): boolean {
  return useMediaQuery("(prefers-reduced-motion: reduce)", true);
}
