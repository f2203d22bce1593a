import {
  BUDGET_BANDS,
  categorySlug,
  DURATION_BANDS,
  REGION_OPTIONS,
  type FinderCard,
  type FinderFacets,
  type PackageFilters,
  type PackageFinderView,
} from "~/lib/package-filters";
import { isFiltered, packageFiltersSearch } from "~/lib/package-filter-query";
import { formatInr, fromPrice } from "~/lib/price";
import { formatMonth, formatTourDate, nextUpcomingDate, upcomingDates } from "~/lib/tour-format";
import type { PackageRow } from "~/server/db/schema.server";
import { toPackageCards } from "./package-card.server";

type Facet = keyof FinderFacets;
type Candidate = { row: PackageRow; adultPrice: number; months: Set<string>; starts: string[]; next: string | null };

// Prices: a band's upper bound belongs to the next band (₹50,000 is "₹50,000 – ₹1,00,000").
const budgetMatches = (price: number, value: string) => {
  const band = BUDGET_BANDS.find((option) => option.value === value);
  return band !== undefined && price >= band.min && (band.max === null || price < band.max);
};
// Durations are whole days: "5 to 7 days" includes 7.
const durationMatches = (days: number, value: string) => {
  const band = DURATION_BANDS.find((option) => option.value === value);
  return band !== undefined && days >= band.min && (band.max === null || days <= band.max);
};

function matches(candidate: Candidate, filters: PackageFilters): boolean {
  const { row } = candidate;
  if (filters.region && row.region !== filters.region) return false;
  if (filters.month && !candidate.months.has(filters.month)) return false;
  if (filters.budget && !budgetMatches(candidate.adultPrice, filters.budget)) return false;
  if (filters.duration && !durationMatches(row.days, filters.duration)) return false;
  if (filters.category && categorySlug(row.category) !== filters.category) return false;
  return true;
}

function sortCandidates(candidates: Candidate[], sort: PackageFilters["sort"]): Candidate[] {
  const byOrder = (a: Candidate, b: Candidate) => a.row.sortOrder - b.row.sortOrder || a.row.id - b.row.id;
  const compare: Record<string, (a: Candidate, b: Candidate) => number> = {
    price: (a, b) => a.adultPrice - b.adultPrice,
    duration: (a, b) => a.row.days - b.row.days,
    // Packages without an upcoming date go last.
    departure: (a, b) => (a.next ?? "9999").localeCompare(b.next ?? "9999"),
  };
  const by = sort ? compare[sort] : undefined;
  return [...candidates].sort((a, b) => (by ? by(a, b) : 0) || byOrder(a, b));
}

/** The card's line; filtered by a month, it names the departure in that month (issue 49). */
function factsOf(candidate: Candidate, month: string | undefined): string {
  const inMonth = month ? candidate.starts.find((start) => start.startsWith(`${month}-`)) : undefined;
  const next = inMonth ? `departs ${formatTourDate(inMonth)}` : candidate.next ? `next departure ${formatTourDate(candidate.next)}` : "dates coming soon";
  return `From ${formatInr(candidate.adultPrice)} · ${candidate.row.days} days · ${next}`;
}

/** The visitor's view before photos are looked up: which rows, in which order, with which counts. Pure. */
export function planPackageView(rows: PackageRow[], requested: PackageFilters, today: string) {
  const candidates: Candidate[] = rows.map((row) => {
    const upcoming = upcomingDates(row.groupDates, today);
    return {
      row,
      adultPrice: fromPrice(row.price, row.priceOptions),
      months: new Set(upcoming.map((date) => date.start.slice(0, 7))),
      starts: upcoming.map((date) => date.start),
      next: nextUpcomingDate(row.groupDates, today)?.start ?? null,
    };
  });
  const months = [...new Set(candidates.flatMap((candidate) => [...candidate.months]))].sort();
  const categories = new Map<string, string>();
  for (const { row } of candidates) if (row.category.trim()) categories.set(categorySlug(row.category), row.category.trim());

  const filters: PackageFilters = {
    ...requested,
    month: requested.month && months.includes(requested.month) ? requested.month : undefined,
    category: requested.category && categories.has(requested.category) ? requested.category : undefined,
  };

  const count = (facet: Facet, value: string) => candidates.filter((candidate) => matches(candidate, { ...filters, [facet]: value })).length;
  const facets: FinderFacets = {
    region: REGION_OPTIONS.map((option) => ({ value: option.value, label: option.label, count: count("region", option.value) })),
    month: months.map((month) => ({ value: month, label: formatMonth(month), count: count("month", month) })),
    budget: BUDGET_BANDS.map((band) => ({ value: band.value, label: band.label, count: count("budget", band.value) })),
    duration: DURATION_BANDS.map((band) => ({ value: band.value, label: band.label, count: count("duration", band.value) })),
    category: [...categories].sort((a, b) => a[1].localeCompare(b[1])).map(([value, label]) => ({ value, label, count: count("category", value) })),
  };
  const shown = sortCandidates(
    candidates.filter((candidate) => matches(candidate, filters)),
    filters.sort,
  );
  const chosen = isFiltered(filters) || (filters.sort !== undefined && filters.sort !== "recommended");
  return {
    filters,
    canonicalSearch: packageFiltersSearch(filters),
    filtered: isFiltered(filters),
    shown: shown.map((candidate) => ({ row: candidate.row, facts: chosen ? factsOf(candidate, filters.month) : null })),
    facets,
  };
}

/**
 * The packages page as the visitor narrowed and ordered it (issue 26 §1).
 * Counts per option apply the other filters, so "March 2027 (3)" is what
 * choosing it would show. Values no published package has are dropped (the
 * loader then redirects to the canonical address). Rows are the published
 * packages in display order; `today` is the agency's calendar date.
 */
export async function findPackages(rows: PackageRow[], requested: PackageFilters, today: string): Promise<PackageFinderView> {
  const { shown, ...plan } = planPackageView(rows, requested, today);
  const cards = await toPackageCards(shown.map((item) => item.row));
  const finderCards: FinderCard[] = cards.map((card, index) => ({ ...card, facts: shown[index]!.facts }));
  return {
    ...plan,
    total: shown.length,
    international: finderCards.filter((_, index) => shown[index]!.row.region === "international"),
    national: finderCards.filter((_, index) => shown[index]!.row.region === "national"),
  };
}
