import { Form, Link } from "react-router";
import { SelectField } from "~/components/ui/form-field";
import { PACKAGE_SORTS, type FinderFacets, type FinderOption, type PackageFilters } from "~/lib/package-filters";
import styles from "./package-finder-form.module.css";

/** The filters, in the form's order: each with its label and the choice that leaves it off. */
const FINDER_FIELDS: { name: keyof FinderFacets; label: string; any: string }[] = [
  { name: "month", label: "Month of departure", any: "Any month" },
  { name: "budget", label: "Budget per person", any: "Any budget" },
  { name: "duration", label: "Trip length", any: "Any length" },
  { name: "region", label: "Region", any: "Any region" },
  { name: "category", label: "Kind of trip", any: "Any kind" },
];

const withCounts = (any: string, options: FinderOption[]) => [
  { value: "", label: any },
  ...options.map((option) => ({ value: option.value, label: `${option.label} (${option.count})` })),
];

/**
 * The packages page's filters (issue 26 §1): a GET form, so it works without
 * JavaScript and every view has an address; with JavaScript React Router
 * fetches the new view without a full reload and keeps the scroll position.
 * Each option says how many trips choosing it would show.
 */
export function PackageFinderForm({ filters, facets, filtered }: { filters: PackageFilters; facets: FinderFacets; filtered: boolean }) {
  // A new address gives a new form: the selects show the view's filters after Back or Clear filters.
  const key = JSON.stringify(filters);
  const sorted = Boolean(filters.sort && filters.sort !== "recommended");
  const chosen = Object.entries(filters).filter(([name, value]) => value && !(name === "sort" && value === "recommended")).length;
  return (
    // Closed until used, so the spec's package lists stay the first thing on a phone.
    <details key={key} className={styles.finder} open={filtered || sorted || undefined}>
      <summary className={styles.summary}>
        <span id="finder-heading" className={styles.heading}>
          Find a trip
        </span>
        <span className={styles.hint}>{chosen > 0 ? `${chosen} chosen` : "By month, budget, length or kind"}</span>
      </summary>
      <Form method="get" action="/packages" preventScrollReset className={styles.form} aria-labelledby="finder-heading">
        <div className={styles.fields}>
          {FINDER_FIELDS.map(({ name, label, any }) => (
            <SelectField key={name} name={name} label={label} idPrefix="finder-" defaultValue={filters[name] ?? ""} options={withCounts(any, facets[name])} />
          ))}
          <SelectField
            name="sort"
            label="Sort by"
            idPrefix="finder-"
            defaultValue={filters.sort ?? "recommended"}
            options={PACKAGE_SORTS.map((sort) => ({ ...sort }))}
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary">
            Show trips
          </button>
          {filtered || (filters.sort && filters.sort !== "recommended") ? (
            <Link to="/packages" preventScrollReset className={styles.clear}>
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
    </details>
  );
}
