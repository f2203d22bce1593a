import fieldStyles from "~/components/ui/form-field.module.css";
import { LIBRARY_FILTER_LABELS, LIBRARY_FILTERS, type LibrarySearch } from "~/lib/media-library";
import { adminUi } from "../admin-page";
import styles from "./media-library.module.css";

/**
 * The library's search fields: words (file name or alt text) and a filter.
 * In the page they sit in a GET form (the state lives in the URL); in the
 * picker dialog, in a form that fetches the same list as JSON.
 */
export function MediaSearchFields({ idPrefix, search }: { idPrefix: string; search: Pick<LibrarySearch, "q" | "filter"> }) {
  return (
    <>
      <div className={fieldStyles.field}>
        <label htmlFor={`${idPrefix}q`} className={fieldStyles.label}>
          Search file names and alt text
        </label>
        <input id={`${idPrefix}q`} type="search" name="q" defaultValue={search.q} className={fieldStyles.control} maxLength={200} />
      </div>
      <div className={fieldStyles.field}>
        <label htmlFor={`${idPrefix}filter`} className={fieldStyles.label}>
          Show
        </label>
        <select id={`${idPrefix}filter`} name="filter" defaultValue={search.filter} className={adminUi.select}>
          {LIBRARY_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {LIBRARY_FILTER_LABELS[filter]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filterActions}>
        <button type="submit" className={`${adminUi.button} ${adminUi.primary}`}>
          Search
        </button>
      </div>
    </>
  );
}

/** "12 images", "3 of 40 images match". */
export function resultSummary(total: number, search: Pick<LibrarySearch, "q" | "filter">): string {
  const noun = total === 1 ? "image" : "images";
  return search.q || search.filter !== "all" ? `${total} ${noun} match.` : `${total} ${noun}.`;
}
