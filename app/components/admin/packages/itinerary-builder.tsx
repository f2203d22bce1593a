import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useState } from "react";
import type { PackageEditorValues } from "~/lib/package-editor-values";
import { adminUi } from "../admin-page";
import { useEditor } from "./editor-context";
import { EditorInput, EditorTextArea } from "./editor-field";
import { ItemTools } from "./item-tools";
import { DayPhotoUploader } from "./package-uploads";
import styles from "./package-editor.module.css";
import { useKeyedList, type Keyed } from "./use-list";

/** A day as the builder holds it: the stored fields, and the preview of a photo uploaded here. */
type Day = PackageEditorValues["itinerary"][number] & { photoUrl?: string; photoName?: string };

function SortableDay({
  day,
  index,
  count,
  onChange,
  onMove,
  onRemove,
  onBusyChange,
}: {
  day: Keyed<Day>;
  index: number;
  count: number;
  onChange: (patch: Partial<Day>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: day.key });
  const prefix = `itinerary[${index}]`;
  const number = index + 1;
  return (
    <li
      ref={setNodeRef}
      className={`${styles.item} ${isDragging ? styles.dragging : ""}`}
      style={{ transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, transition }}
      aria-labelledby={`${day.key}-title`}
    >
      <div className={styles.itemHead}>
        <h3 className={styles.itemTitle} id={`${day.key}-title`}>
          Day {number}
        </h3>
        <ItemTools index={index} count={count} label={`day ${number}`} onMove={onMove} onRemove={onRemove}>
          <button
            type="button"
            ref={setActivatorNodeRef}
            className={`${adminUi.button} ${adminUi.small} ${styles.handle}`}
            {...attributes}
            {...listeners}
            aria-label={`Drag day ${number}`}
            aria-roledescription="sortable day"
          >
            ⠿ Drag
          </button>
        </ItemTools>
      </div>
      {/* Day numbers follow the order. */}
      <input type="hidden" name={`${prefix}.day`} value={number} />
      <EditorInput name={`${prefix}.title`} label={`Day ${number} title`} value={day.title} onChange={(event) => onChange({ title: event.target.value })} maxLength={200} />
      <EditorTextArea
        name={`${prefix}.description`}
        label={`Day ${number} description`}
        value={day.description}
        onChange={(event) => onChange({ description: event.target.value })}
        rows={3}
      />
      <DayPhotoUploader
        name={`${prefix}.photo`}
        label={`Day ${number} photo`}
        photo={day.photo}
        preview={day.photoUrl}
        fileName={day.photoName}
        onChange={({ key, url, name }) => onChange({ photo: key, photoUrl: url, photoName: name })}
        onBusyChange={onBusyChange}
      />
    </li>
  );
}

/**
 * The itinerary: days reordered by dragging (pointer or keyboard, dnd-kit) or
 * with Move up / Move down; a status line announces each move.
 */
export function ItineraryBuilder({
  initial,
  previews,
  reporter,
}: {
  initial: Day[];
  /** Preview addresses of stored photos, by media key. */
  previews: Record<string, string>;
  /** Reports a day's uploads in progress (saving waits for them). */
  reporter: (name: string) => (busy: boolean) => void;
}) {
  const { markDirty } = useEditor();
  const list = useKeyedList<Day>(
    initial.map((day) => ({ ...day, photoUrl: previews[day.photo] })),
    markDirty,
  );
  const [status, setStatus] = useState("");
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const move = (from: number, to: number) => {
    list.move(from, to);
    setStatus(`Day ${from + 1} is now day ${to + 1}.`);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = list.items.findIndex((item) => item.key === active.id);
    const to = list.items.findIndex((item) => item.key === over.id);
    if (from >= 0 && to >= 0) move(from, to);
  };
  return (
    <>
      <DndContext id="itinerary-dnd" sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={list.items.map((item) => item.key)} strategy={verticalListSortingStrategy}>
          <ol className={styles.items} aria-label="Itinerary days">
            {list.items.map((day, index) => (
              <SortableDay
                key={day.key}
                day={day}
                index={index}
                count={list.items.length}
                onChange={(patch) => list.change(index, patch)}
                onMove={(to) => move(index, to)}
                onRemove={() => {
                  reporter(`day-${day.key}`)(false);
                  list.remove(index);
                }}
                onBusyChange={reporter(`day-${day.key}`)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <p aria-live="polite" className={adminUi.muted}>
        {status}
      </p>
      <button type="button" className={`${adminUi.button} ${adminUi.small}`} onClick={() => list.add({ title: "", description: "", photo: "" })}>
        Add day
      </button>
    </>
  );
}
