import { describe, expect, it } from "vitest";
import type { PackageRow } from "~/server/db/schema.server";
import { planPackageView } from "./package-finder.server";

const TODAY = "2026-11-26";
let nextId = 1;
function row(slug: string, fields: Partial<PackageRow> & { starts?: string[] }): PackageRow {
  const { starts = [], ...rest } = fields;
  const priceFrom = rest.priceFrom ?? 60_000;
  const id = nextId++;
  return {
    id,
    slug,
    title: slug,
    region: "international",
    category: "Beach",
    days: 7,
    priceFrom: 60_000,
    sortOrder: id,
    price: { kind: "single", amount: priceFrom, unit: "per person" },
    priceOptions: [],
    groupDates: starts.map((start, index) => ({ group: `Batch ${index + 1}`, start, end: start })),
    ...rest,
  } as PackageRow;
}

const rows = [
  row("bali", { priceFrom: 99_500, days: 7, starts: ["2027-03-12", "2027-06-14"] }),
  row("dubai", { priceFrom: 85_000, days: 6, category: "Family", starts: ["2027-01-05", "2027-03-18"] }),
  row("vietnam", { priceFrom: 132_900, days: 9, category: "Adventure", starts: ["2027-02-03"] }),
  // Children travel for less; the budget compares the adult price.
  row("golden-triangle", {
    region: "national",
    priceFrom: 40_500,
    price: { kind: "adultChild", adult: 52_500, childWithBed: 45_000, childNoBed: 40_500 },
    category: "Heritage",
    starts: ["2026-10-10", "2027-03-15"],
  }),
  row("hampi", { region: "national", priceFrom: 22_440, days: 4, category: "Heritage", starts: [] }),
];
const slugs = (plan: ReturnType<typeof planPackageView>) => plan.shown.map((item) => item.row.slug);

describe("planPackageView", () => {
  it("shows every package in display order, without facts, when nothing is chosen", () => {
    const plan = planPackageView(rows, {}, TODAY);
    expect(slugs(plan)).toEqual(["bali", "dubai", "vietnam", "golden-triangle", "hampi"]);
    expect(plan.canonicalSearch).toBe("");
    expect(plan.filtered).toBe(false);
    expect(plan.shown.every((item) => item.facts === null)).toBe(true);
  });

  it("narrows by month of an upcoming departure and budget band, and says why", () => {
    const plan = planPackageView(rows, { month: "2027-03", budget: "50000-100000" }, TODAY);
    expect(slugs(plan)).toEqual(["bali", "dubai", "golden-triangle"]);
    expect(plan.canonicalSearch).toBe("?month=2027-03&budget=50000-100000");
    // Filtered by March, Dubai's card names its March departure, not its next one (issue 49).
    expect(plan.shown[1]!.facts).toBe("From ₹85,000 · 6 days · departs 18 Mar 2027");
    expect(plan.shown[2]!.facts).toBe("From ₹52,500 · 7 days · departs 15 Mar 2027");
    expect(planPackageView(rows, { budget: "50000-100000" }, TODAY).shown[1]!.facts).toBe("From ₹85,000 · 6 days · next departure 5 Jan 2027");
  });

  it("counts each option with the other filters applied", () => {
    const plan = planPackageView(rows, { budget: "50000-100000" }, TODAY);
    const month = Object.fromEntries(plan.facets.month.map((option) => [option.label, option.count]));
    // October 2026 has passed; Vietnam (February) is over budget.
    expect(month).toEqual({ "January 2027": 1, "February 2027": 0, "March 2027": 3, "June 2027": 1 });
    const budget = Object.fromEntries(plan.facets.budget.map((option) => [option.value, option.count]));
    expect(budget).toEqual({ "0-50000": 1, "50000-100000": 3, "100000-plus": 1 });
    expect(plan.facets.category.map((option) => option.label)).toEqual(["Adventure", "Beach", "Family", "Heritage"]);
  });

  it("drops a month or category that no package has, so the loader redirects", () => {
    const plan = planPackageView(rows, { month: "2026-10", category: "ski", duration: "1-4" }, TODAY);
    expect(plan.filters).toEqual({ duration: "1-4" });
    expect(plan.canonicalSearch).toBe("?duration=1-4");
    expect(slugs(plan)).toEqual(["hampi"]);
  });

  it("finds nothing when nothing matches", () => {
    const plan = planPackageView(rows, { region: "national", duration: "8-plus" }, TODAY);
    expect(plan.shown).toEqual([]);
    expect(plan.filtered).toBe(true);
  });

  it("sorts by price, duration and next departure (undated last), ties in display order", () => {
    expect(slugs(planPackageView(rows, { sort: "price" }, TODAY))).toEqual(["hampi", "golden-triangle", "dubai", "bali", "vietnam"]);
    expect(slugs(planPackageView(rows, { sort: "duration" }, TODAY))).toEqual(["hampi", "dubai", "bali", "golden-triangle", "vietnam"]);
    expect(slugs(planPackageView(rows, { sort: "departure" }, TODAY))).toEqual(["dubai", "vietnam", "bali", "golden-triangle", "hampi"]);
    expect(planPackageView(rows, { sort: "price" }, TODAY).shown[0]!.facts).toBe("From ₹22,440 · 4 days · dates coming soon");
  });
});
