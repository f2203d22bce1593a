import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import styles from "./package-tabs.module.css";

export const PACKAGE_TABS = [
  { id: "overview", label: "Overview" },
  { id: "itinerary", label: "Itinerary" },
  { id: "gallery", label: "Gallery" },
  { id: "terms", label: "Terms" },
] as const;

type PackageTabId = (typeof PACKAGE_TABS)[number]["id"];

/** The tab named by ?tab=, Overview by default (spec §4). */
export function parsePackageTab(value: string | null): PackageTabId {
  return PACKAGE_TABS.find((tab) => tab.id === value)?.id ?? "overview";
}

function packageTabHref(pathname: string, tab: PackageTabId): string {
  return tab === "overview" ? pathname : `${pathname}?tab=${tab}`;
}

// Layout effects warn during server rendering; the measurement only matters in the browser.
const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

type PackageTabsProps = {
  active: PackageTabId;
  pathname: string;
  panels: Record<PackageTabId, ReactNode>;
};

/**
 * WAI-ARIA tabs whose tabs are links to ?tab=…: without JavaScript each is a
 * page load that the server renders with that panel shown; with it, the
 * router swaps the panel in place and arrow keys move between tabs. Every
 * panel is in the server HTML (the inactive ones hidden). The underline
 * slides to the active tab.
 */
export function PackageTabs({ active, pathname, panels }: PackageTabsProps) {
  const navigate = useNavigate();
  const listRef = useRef<HTMLDivElement>(null);
  const [indicator, setIndicator] = useState<{ left: number; width: number } | null>(null);

  useClientLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const tab = list.querySelector<HTMLElement>('[aria-selected="true"]');
      if (tab) setIndicator({ left: tab.offsetLeft, width: tab.offsetWidth });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [active]);

  // The same keys as ~/lib/roving-focus, written out here on purpose: importing that module made
  // the bundler split it into a chunk of its own, one more script for every package page.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // From the tab that has focus, not the one the address names: keys pressed in quick succession
    // arrive before the router has moved the address (and `active`) for the previous one.
    const focusedId = (event.target as HTMLElement).closest('[role="tab"]')?.id;
    const focused = PACKAGE_TABS.findIndex((tab) => `tab-${tab.id}` === focusedId);
    const index = focused >= 0 ? focused : PACKAGE_TABS.findIndex((tab) => tab.id === active);
    const last = PACKAGE_TABS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = PACKAGE_TABS[next]!;
    listRef.current?.querySelector<HTMLElement>(`#tab-${tab.id}`)?.focus();
    navigate(packageTabHref(pathname, tab.id), { replace: true, preventScrollReset: true });
  }

  return (
    <div className={styles.tabs}>
      <div ref={listRef} role="tablist" aria-label="Package details" className={styles.list} data-enhanced={indicator ? "" : undefined} onKeyDown={onKeyDown}>
        {PACKAGE_TABS.map((tab) => {
          const selected = tab.id === active;
          return (
            <Link
              key={tab.id}
              id={`tab-${tab.id}`}
              role="tab"
              to={packageTabHref(pathname, tab.id)}
              replace
              preventScrollReset
              aria-selected={selected}
              aria-controls={`panel-${tab.id}`}
              // Roving focus once arrow keys work; before that every tab stays reachable with Tab.
              tabIndex={indicator && !selected ? -1 : undefined}
              className={styles.tab}
            >
              {tab.label}
            </Link>
          );
        })}
        {indicator ? (
          <span className={styles.indicator} aria-hidden="true" style={{ width: indicator.width, transform: `translateX(${indicator.left}px)` }} />
        ) : null}
      </div>
      {PACKAGE_TABS.map((tab) => (
        <div
          key={tab.id}
          id={`panel-${tab.id}`}
          role="tabpanel"
          aria-labelledby={`tab-${tab.id}`}
          hidden={tab.id !== active}
          tabIndex={0}
          className={styles.panel}
        >
          {panels[tab.id]}
        </div>
      ))}
    </div>
  );
}
