import { useEffect, useRef, type ChangeEvent, type ComponentType } from "react";
import { ListFrame, useRowHasError } from "./list-frame";
import { RowMenu, rowMenuItems } from "./row-menu";
import rowStyles from "./rows.module.css";
import { DragHandle, RowFrame, SortableRow, useCollapsedRows } from "./sortable-list";
import { useEditableList, type ListRows } from "./use-editable-list";
import type { Keyed } from "./use-list";

/** What the list gives each of its rows: its item and place, the list's actions, and whether it is collapsed. */
export type EditorRowProps<T> = {
  item: Keyed<T>;
  index: number;
  count: number;
  rows: ListRows<T>;
  collapsed: boolean;
  toggle: (key: string, value?: boolean) => void;
};

/**
 * Binds a row's fields: `field("hotel")` gives the input its form name under
 * the row's prefix, the row's value and a change that patches the row.
 */
export function rowFields<T>({ item, rows }: EditorRowProps<T>, prefix: string) {
  return (key: keyof T & string) => ({
    name: `${prefix}.${key}`,
    value: String(item[key] ?? ""),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      rows.change(item.key, { [key]: event.target.value } as Partial<T>),
  });
}

/**
 * One long row of an editor list (a day, a departure, a hotel…): sortable by
 * its handle, collapsible to its title and detail, opened by an error inside,
 * with the list's "⋯" menu (move, duplicate, remove).
 */
export function EditorRow<T>({
  row,
  name,
  rowId,
  title,
  detail,
  onRemove,
  children,
}: {
  row: EditorRowProps<T>;
  /** The fields' name prefix, e.g. "groupDates[2]": an error under it opens the row. */
  name: string;
  rowId: string;
  title: string;
  detail: string;
  /** Instead of the plain removal, e.g. to release the row's upload first. */
  onRemove?: () => void;
  children: React.ReactNode;
}) {
  const { item, index, count, rows } = row;
  const hasError = useRowHasError(name);
  const label = rows.label(index);
  return (
    <SortableRow id={item.key} className={rowStyles.row} labelledBy={`${rowId}-title`}>
      <RowFrame
        rowId={rowId}
        title={title}
        detail={detail}
        collapsed={row.collapsed}
        onToggle={(value) => row.toggle(item.key, value)}
        forceOpen={hasError}
        handle={<DragHandle label={label} />}
        menu={
          <RowMenu
            id={rows.menuId(item.key)}
            label={label}
            items={rowMenuItems({
              index,
              count,
              move: (to) => rows.move(index, to),
              duplicate: () => rows.duplicate(index),
              remove: onRemove ?? (() => rows.remove(index)),
            })}
          />
        }
      >
        {children}
      </RowFrame>
    </SortableRow>
  );
}

/**
 * An editor list of long rows: the list's state (useEditableList), its
 * collapse state, its frame (Collapse all, drag and drop, status line, Add)
 * and one `Row` per item, given EditorRowProps and `rowProps`.
 */
export function EditorRowList<T extends object, P extends object = Record<never, never>>({
  id,
  initial,
  label,
  movedMessage,
  blank,
  addLabel,
  collapseWhat,
  listLabel,
  Row,
  rowProps,
  onItemsChange,
}: {
  id: string;
  initial: T[];
  /** "day 3", from a row's index. */
  label: (index: number) => string;
  movedMessage?: (from: number, to: number) => string;
  /** The row that Add appends. */
  blank: () => T;
  addLabel: string;
  /** "days", for "Collapse all days". */
  collapseWhat: string;
  listLabel?: string;
  /** Memoised, so a row re-renders only when its own item changes. */
  Row: ComponentType<EditorRowProps<T> & NoInfer<P>>;
  /** Called with the items after each change (not on the first render). */
  onItemsChange?: (items: T[]) => void;
  // A Row that needs nothing more may go without rowProps; one that does must be given them.
} & (Record<never, never> extends P ? { rowProps?: P } : { rowProps: P })) {
  const list = useEditableList<T>({ id, initial, label, movedMessage });
  const collapse = useCollapsedRows();
  const report = useRef(onItemsChange);
  report.current = onItemsChange;
  // The items as last reported (at first, as loaded): only a change is reported.
  const reported = useRef(list.items);
  useEffect(() => {
    if (reported.current === list.items) return;
    reported.current = list.items;
    report.current?.(list.items.map(({ key: _key, ...item }) => item as unknown as T));
  }, [list.items]);
  return (
    <ListFrame
      id={id}
      keys={list.keys}
      labelOf={list.rows.label}
      onMove={list.rows.move}
      status={list.status}
      addId={list.addId}
      addLabel={addLabel}
      onAdd={() => list.add(blank())}
      collapse={collapse}
      collapseWhat={collapseWhat}
      listLabel={listLabel}
    >
      {list.items.map((item, index) => (
        <Row
          key={item.key}
          {...(rowProps as P)}
          item={item}
          index={index}
          count={list.items.length}
          rows={list.rows}
          collapsed={Boolean(collapse.collapsed[item.key])}
          toggle={collapse.toggle}
        />
      ))}
    </ListFrame>
  );
}
