import { adminUi } from "../admin-page";
import { useEditor } from "./editor-context";
import styles from "./package-editor.module.css";
import rowStyles from "./rows.module.css";
import { CollapseAllButton, SortableList } from "./sortable-list";

/** Whether a save's errors name a field of this row (it then stays open). */
export function useRowHasError(prefix: string) {
  const { errors } = useEditor();
  return Object.keys(errors).some((name) => name.startsWith(prefix) && errors[name]?.length);
}

/**
 * A list of long rows (days, departures, reviews, price options, hotels):
 * "Collapse all" above, the sortable rows, the status line and the Add button.
 */
export function ListFrame({
  id,
  keys,
  labelOf,
  onMove,
  status,
  addId,
  addLabel,
  onAdd,
  collapse,
  collapseWhat,
  listLabel,
  children,
}: {
  id: string;
  keys: string[];
  labelOf: (index: number) => string;
  onMove: (from: number, to: number) => void;
  status: string;
  addId: string;
  addLabel: string;
  onAdd: () => void;
  collapse: { collapsed: Record<string, boolean>; setAll: (keys: string[], value: boolean) => void };
  /** "days", for "Collapse all days". */
  collapseWhat: string;
  /** The list's accessible name, e.g. "Itinerary days". */
  listLabel?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={styles.list}>
      <div className={rowStyles.listHead}>
        <CollapseAllButton keys={keys} collapsed={collapse.collapsed} setAll={collapse.setAll} what={collapseWhat} />
      </div>
      <SortableList id={id} keys={keys} labelOf={labelOf} onMove={onMove}>
        <ol className={rowStyles.rows} aria-label={listLabel}>
          {children}
        </ol>
      </SortableList>
      <p aria-live="polite" className={rowStyles.status}>
        {status}
      </p>
      <button id={addId} type="button" className={`${adminUi.button} ${adminUi.small} ${styles.addButton}`} onClick={onAdd}>
        {addLabel}
      </button>
    </div>
  );
}
