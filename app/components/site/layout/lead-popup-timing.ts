/** Spec §4/§9: the lead popup shows 15 s after load and again 15 min after it was closed. */
export const POPUP_DELAY_MS = 15_000;
export const POPUP_RESHOW_MS = 900_000;

/** localStorage keys of the popup's state. */
const SUBMITTED_KEY = "pravas.leadPopup.submitted";
const CLOSED_AT_KEY = "pravas.leadPopup.closedAt";

type PopupMemory = { submitted: boolean; closedAt: number | null };

/**
 * Milliseconds from now until the popup should show, or null for never
 * (already submitted). The 15 s count from page load, `sinceLoad` ms ago
 * (scripts start in idle time after the first paint, ADR 078). A close less than 15 minutes ago
 * pushes the first showing to 15 minutes after that close.
 */
export function popupDelay({ submitted, closedAt }: PopupMemory, now: number, sinceLoad = 0): number | null {
  if (submitted) return null;
  const afterLoad = POPUP_DELAY_MS - Math.min(Math.max(sinceLoad, 0), POPUP_DELAY_MS);
  if (closedAt === null || !Number.isFinite(closedAt)) return afterLoad;
  return Math.max(afterLoad, closedAt + POPUP_RESHOW_MS - now);
}

/** Milliseconds since the window's load event, or 0 where the browser cannot tell. */
export function msSinceLoad(): number {
  const navigation = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  const loadedAt = navigation?.loadEventStart;
  return loadedAt ? Math.max(0, performance.now() - loadedAt) : 0;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the popup then simply forgets.
    return null;
  }
}

export function readPopupMemory(): PopupMemory {
  const store = storage();
  const closedAt = Number(store?.getItem(CLOSED_AT_KEY) ?? NaN);
  return {
    submitted: store?.getItem(SUBMITTED_KEY) === "true",
    closedAt: Number.isFinite(closedAt) ? closedAt : null,
  };
}

export function rememberClosed(now: number) {
  try {
    storage()?.setItem(CLOSED_AT_KEY, String(now));
  } catch {
    // full or blocked storage: nothing to do
  }
}

export function rememberSubmitted() {
  try {
    storage()?.setItem(SUBMITTED_KEY, "true");
  } catch {
    // full or blocked storage: nothing to do
  }
}
