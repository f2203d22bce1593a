import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import styles from "./rows.module.css";

/**
 * Reordering a list by dragging a row's handle, with a pointer or the
 * keyboard (Space picks up, arrows move, Space drops, Escape cancels), and
 * what a screen reader hears, in the rows' own names ("highlight 2").
 */
export function SortableList({
  id,
  keys,
  labelOf,
  onMove,
  grid = false,
  children,
}: {
  /** Unique on the page; also keeps dnd-kit's element ids the same on the server and in the browser. */
  id: string;
  keys: string[];
  /** "highlight 2", for the announcements. */
  labelOf: (index: number) => string;
  onMove: (from: number, to: number) => void;
  /** A grid (the gallery) rather than a column. */
  grid?: boolean;
  children: React.ReactNode;
}) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  // The same array while the order is the same: SortableContext's value (and every row) stays put while someone types.
  const idsRef = useRef(keys);
  if (idsRef.current.join("\0") !== keys.join("\0")) idsRef.current = keys;
  const position = (key: UniqueIdentifier) => idsRef.current.indexOf(String(key));
  // The same objects while nothing moves: DndContext and its rows are left alone while someone types in a row.
  const latest = useRef({ labelOf, onMove });
  latest.current = { labelOf, onMove };
  const accessibility = useMemo(() => {
    const at = (key: UniqueIdentifier) => idsRef.current.indexOf(String(key));
    const name = (key: UniqueIdentifier) => latest.current.labelOf(at(key));
    const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
    const count = () => idsRef.current.length;
    const announcements: Announcements = {
      onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
      onDragOver: ({ active, over }) => (over ? `${capital(name(active.id))} is at position ${at(over.id) + 1} of ${count()}.` : undefined),
      onDragEnd: ({ active, over }) =>
        over ? `${capital(name(active.id))} dropped at position ${at(over.id) + 1} of ${count()}.` : `${capital(name(active.id))} dropped.`,
      onDragCancel: ({ active }) => `Moving ${name(active.id)} cancelled; it is back at position ${at(active.id) + 1}.`,
    };
    return {
      announcements,
      screenReaderInstructions: {
        draggable: "To move this row with the keyboard, press Space, then the arrow keys, then Space again to drop it, or Escape to cancel.",
      },
    };
  }, []);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = position(active.id);
    const to = position(over.id);
    if (from >= 0 && to >= 0) latest.current.onMove(from, to);
  };
  return (
    <DndContext id={`${id}-dnd`} sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={idsRef.current} strategy={grid ? rectSortingStrategy : verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

type Handle = Pick<ReturnType<typeof useSortable>, "attributes" | "listeners" | "setActivatorNodeRef">;
const HandleContext = createContext<Handle | null>(null);

/** A row of a SortableList: it moves with the drag; its DragHandle starts one. */
export function SortableRow({ id, className, labelledBy, children }: { id: string; className?: string; labelledBy?: string; children: React.ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <HandleContext.Provider value={{ attributes, listeners, setActivatorNodeRef }}>
      <li
        ref={setNodeRef}
        className={`${className ?? ""} ${isDragging ? styles.dragging : ""}`}
        style={{ transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, transition }}
        aria-labelledby={labelledBy}
      >
        {children}
      </li>
    </HandleContext.Provider>
  );
}

export function DragHandle({ label }: { label: string }) {
  const handle = useContext(HandleContext);
  if (!handle) return null;
  return (
    <button
      type="button"
      ref={handle.setActivatorNodeRef}
      className={styles.handle}
      {...handle.attributes}
      {...handle.listeners}
      aria-roledescription="sortable row"
      aria-label={`Drag ${label}`}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

/** Which rows of a list are collapsed to their title (none at first). */
export function useCollapsedRows() {
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});
  const toggle = useCallback((key: string, value?: boolean) => setCollapsed((current) => ({ ...current, [key]: value ?? !current[key] })), []);
  const setAll = useCallback((keys: string[], value: boolean) => setCollapsed(Object.fromEntries(keys.map((key) => [key, value]))), []);
  return { collapsed, toggle, setAll };
}

/** "Collapse all" / "Expand all" above a list of long rows. */
export function CollapseAllButton({
  keys,
  collapsed,
  setAll,
  what,
}: {
  keys: string[];
  collapsed: Record<string, boolean>;
  setAll: (keys: string[], value: boolean) => void;
  what: string;
}) {
  if (keys.length < 2) return null;
  const allCollapsed = keys.every((key) => collapsed[key]);
  return (
    <button type="button" className={styles.collapseAll} onClick={() => setAll(keys, !allCollapsed)}>
      {allCollapsed ? `Expand all ${what}` : `Collapse all ${what}`}
    </button>
  );
}

/**
 * A row's frame: handle, title (a button that collapses the row to it), the
 * "⋯" menu, and the fields. A collapsed row's fields are `hidden` (they still
 * post); a row holding an error, or asked to show a field (a Fix link), opens.
 */
export function RowFrame({
  rowId,
  title,
  detail,
  collapsed,
  onToggle,
  forceOpen,
  handle,
  menu,
  children,
}: {
  rowId: string;
  /** "Day 2": also the row's accessible name. */
  title: string;
  /** What the collapsed row shows after the title, e.g. the day's title. */
  detail?: string;
  collapsed: boolean;
  onToggle: (open?: boolean) => void;
  forceOpen?: boolean;
  handle: React.ReactNode;
  menu: React.ReactNode;
  children: React.ReactNode;
}) {
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const reveal = () => onToggle(false);
    body.addEventListener("editor:reveal", reveal);
    return () => body.removeEventListener("editor:reveal", reveal);
  }, [onToggle]);
  const open = !collapsed || Boolean(forceOpen);
  return (
    <>
      <div className={styles.rowHead}>
        {handle}
        <h3 className={styles.rowTitle}>
          <button type="button" className={styles.rowToggle} aria-expanded={open} aria-controls={`${rowId}-body`} onClick={() => onToggle()}>
            <span aria-hidden="true" className={styles.chevron}>
              {open ? "▾" : "▸"}
            </span>
            <span id={`${rowId}-title`}>{title}</span>
            {detail ? <span className={styles.rowDetail}>{detail}</span> : null}
          </button>
        </h3>
        {menu}
      </div>
      <div ref={bodyRef} id={`${rowId}-body`} data-row-body="" hidden={!open} className={styles.rowBody}>
        {children}
      </div>
    </>
  );
}
