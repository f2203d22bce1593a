import { memo } from "react";
import { adminUi } from "../admin-page";
import { EditorInput } from "./editor-field";
import styles from "./package-editor.module.css";
import { RowMenu, rowMenuItems } from "./row-menu";
import rowStyles from "./rows.module.css";
import { DragHandle, SortableList, SortableRow } from "./sortable-list";
import { useEditableList, type ListRows } from "./use-editable-list";
import type { Keyed } from "./use-list";

type Line = { value: string };

const LineRow = memo(function LineRow({
  name,
  itemLabel,
  item,
  index,
  count,
  rows,
}: {
  name: string;
  itemLabel: string;
  item: Keyed<Line>;
  index: number;
  count: number;
  rows: ListRows<Line>;
}) {
  const label = `${itemLabel} ${index + 1}`;
  return (
    <SortableRow id={item.key} className={rowStyles.line}>
      <DragHandle label={rows.label(index)} />
      <EditorInput
        name={`${name}[${index}]`}
        label={label}
        value={item.value}
        onChange={(event) => rows.change(item.key, { value: event.target.value })}
        maxLength={500}
      />
      <RowMenu
        id={rows.menuId(item.key)}
        label={rows.label(index)}
        items={rowMenuItems({ index, count, move: (to) => rows.move(index, to), duplicate: () => rows.duplicate(index), remove: () => rows.remove(index) })}
      />
    </SortableRow>
  );
});

/** Highlights, included, excluded: a list of lines to add, remove (with Undo), duplicate and reorder. */
export function StringListField({ name, title, itemLabel, initial }: { name: string; title: string; itemLabel: string; initial: string[] }) {
  const lower = itemLabel.toLowerCase();
  const list = useEditableList<Line>({ id: name, initial: initial.map((value) => ({ value })), label: (index) => `${lower} ${index + 1}` });
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{title}</legend>
      <SortableList id={name} keys={list.keys} labelOf={list.rows.label} onMove={list.rows.move}>
        <ol className={rowStyles.rows}>
          {list.items.map((item, index) => (
            <LineRow key={item.key} name={name} itemLabel={itemLabel} item={item} index={index} count={list.items.length} rows={list.rows} />
          ))}
        </ol>
      </SortableList>
      <p aria-live="polite" className={rowStyles.status}>
        {list.status}
      </p>
      <button id={list.addId} type="button" className={`${adminUi.button} ${adminUi.small} ${styles.addButton}`} onClick={() => list.add({ value: "" })}>
        Add {lower}
      </button>
    </fieldset>
  );
}
