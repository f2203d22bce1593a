import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { packageWarnings, sectionBadges, type PackageSectionId, type PackageWarning, type SectionBadge } from "~/lib/package-checks";
import { generatedSeoDescription } from "~/lib/package-seo-description";
import { snapshotFromForm, type PackageSnapshot } from "~/lib/package-snapshot";
import { fillPackageText } from "~/lib/package-text";
import type { TaxRates } from "~/lib/price";
import { createStore, type ReadableStore, type Store } from "./editor-store";

/** What the navigation, the save bar and the SEO field show about the form as it stands. */
export type EditorOverview = {
  snapshot: PackageSnapshot;
  warnings: PackageWarning[];
  badges: Record<PackageSectionId, SectionBadge>;
  generatedSeoDescription: string;
};

/** What the checks compare the form with: today in Indian time and the tax settings. */
export type EditorFacts = { today: string; taxes: TaxRates };

function overviewOf(snapshot: PackageSnapshot, { today, taxes }: EditorFacts): EditorOverview {
  const warnings = packageWarnings(snapshot, today, taxes);
  const description = fillPackageText(snapshot.description, { taxes, fromPrice: snapshot.fromPrice });
  return {
    snapshot,
    warnings,
    badges: sectionBadges(snapshot, warnings, today),
    generatedSeoDescription: generatedSeoDescription({ ...snapshot, description }),
  };
}

/** The parts that did not change keep their identity, so the components showing them do not re-render. */
function keepUnchanged(previous: EditorOverview, next: EditorOverview): EditorOverview {
  const same = <T>(a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);
  return {
    snapshot: same(previous.snapshot, next.snapshot) ? previous.snapshot : next.snapshot,
    warnings: same(previous.warnings, next.warnings) ? previous.warnings : next.warnings,
    badges: same(previous.badges, next.badges) ? previous.badges : next.badges,
    generatedSeoDescription: next.generatedSeoDescription,
  };
}

/** After the last change, how long to wait before reading the form again (typing stays cheap). */
const SETTLE_MS = 250;

/**
 * The overview store: first from the stored package (the same on the server
 * and in the browser), then read back from the form's FormData a moment after
 * each change. Only the components that show it re-render.
 */
export function useFormOverview(formRef: React.RefObject<HTMLFormElement | null>, initial: PackageSnapshot, facts: EditorFacts) {
  const [store] = useState<Store<EditorOverview>>(() => createStore(overviewOf(initial, facts)));
  const timer = useRef<number | undefined>(undefined);
  const refresh = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      // When the browser has nothing else to do: a key pressed meanwhile is never kept waiting.
      const read = () => {
        if (!formRef.current) return;
        const previous = store.get();
        const next = keepUnchanged(previous, overviewOf(snapshotFromForm(new FormData(formRef.current)), facts));
        if (next.snapshot !== previous.snapshot || next.warnings !== previous.warnings || next.badges !== previous.badges) store.set(next);
      };
      if ("requestIdleCallback" in window) window.requestIdleCallback(read, { timeout: 1000 });
      else read();
    }, SETTLE_MS);
  }, [formRef, store, facts]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { store, refresh };
}

/** The package editor's overview, for its sections that show part of it (the tax note, the generated SEO description). */
export const PackageOverviewContext = createContext<ReadableStore<EditorOverview> | null>(null);

export function usePackageOverview(): ReadableStore<EditorOverview> {
  const overview = useContext(PackageOverviewContext);
  if (!overview) throw new Error("usePackageOverview outside the package editor");
  return overview;
}
