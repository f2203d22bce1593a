import { memo, useCallback } from "react";
import type { PackageEditorValues } from "~/lib/package-editor-values";
import { EditorInput, EditorTextArea } from "./editor-field";
import { ListFrame, useRowHasError } from "./list-frame";
import { DayPhotoUploader } from "./package-uploads";
import { RowMenu, rowMenuItems } from "./row-menu";
import rowStyles from "./rows.module.css";
import { DragHandle, RowFrame, SortableRow, useCollapsedRows } from "./sortable-list";
import { useEditableList, type ListRows } from "./use-editable-list";
import type { Keyed } from "./use-list";

/** A day as the builder holds it: the stored fields, and the preview of a photo uploaded here. */
type Day = PackageEditorValues["itinerary"][number] & { photoUrl?: string; photoName?: string };

const SortableDay = memo(function SortableDay({
  day,
  index,
  count,
  rows,
  collapsed,
  toggle,
  reporter,
}: {
  day: Keyed<Day>;
  index: number;
  count: number;
  rows: ListRows<Day>;
  collapsed: boolean;
  toggle: (key: string, value?: boolean) => void;
  reporter: (name: string) => (busy: boolean) => void;
}) {
  const prefix = `itinerary[${index}]`;
  const number = index + 1;
  const rowId = `itinerary-${day.key}`;
  const hasError = useRowHasError(prefix);
  // Stable, so the photo's uploader (memoised) is left alone while the day's text is typed.
  const onPhotoChange = useCallback(
    ({ key, url, name }: { key: string; url?: string; name?: string }) => rows.change(day.key, { photo: key, photoUrl: url, photoName: name }),
    [rows, day.key],
  );
  return (
    <SortableRow id={day.key} className={rowStyles.row} labelledBy={`${rowId}-title`}>
      <RowFrame
        rowId={rowId}
        title={`Day ${number}`}
        detail={day.title}
        collapsed={collapsed}
        onToggle={(value) => toggle(day.key, value)}
        forceOpen={hasError}
        handle={<DragHandle label={`day ${number}`} />}
        menu={
          <RowMenu
            id={rows.menuId(day.key)}
            label={`day ${number}`}
            items={rowMenuItems({
              index,
              count,
              move: (to) => rows.move(index, to),
              duplicate: () => rows.duplicate(index),
              remove: () => {
                // A removed day's upload no longer holds the save back.
                reporter(`day-${day.key}`)(false);
                rows.remove(index);
              },
            })}
          />
        }
      >
        {/* Day numbers follow the order. */}
        <input type="hidden" name={`${prefix}.day`} value={number} />
        <EditorInput
          name={`${prefix}.title`}
          label={`Day ${number} title`}
          value={day.title}
          onChange={(event) => rows.change(day.key, { title: event.target.value })}
          maxLength={200}
        />
        <EditorTextArea
          name={`${prefix}.description`}
          label={`Day ${number} description`}
          value={day.description}
          onChange={(event) => rows.change(day.key, { description: event.target.value })}
          rows={3}
        />
        <DayPhotoUploader
          name={`${prefix}.photo`}
          label={`Day ${number} photo`}
          photo={day.photo}
          preview={day.photoUrl}
          fileName={day.photoName}
          onChange={onPhotoChange}
          onBusyChange={reporter(`day-${day.key}`)}
        />
      </RowFrame>
    </SortableRow>
  );
});

/**
 * The itinerary: days reordered by dragging their handle (pointer or
 * keyboard, dnd-kit) or from their "⋯" menu; a status line announces each
 * move; a day collapses to its title.
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
  const list = useEditableList<Day>({
    id: "itinerary",
    initial: initial.map((day) => ({ ...day, photoUrl: previews[day.photo] })),
    label: (index) => `day ${index + 1}`,
    movedMessage: (from, to) => `Day ${from + 1} is now day ${to + 1}.`,
  });
  const collapse = useCollapsedRows();
  return (
    <ListFrame
      id="itinerary"
      keys={list.keys}
      labelOf={list.rows.label}
      onMove={list.rows.move}
      status={list.status}
      addId={list.addId}
      addLabel="Add day"
      onAdd={() => list.add({ title: "", description: "", photo: "" })}
      collapse={collapse}
      collapseWhat="days"
      listLabel="Itinerary days"
    >
      {list.items.map((day, index) => (
        <SortableDay
          key={day.key}
          day={day}
          index={index}
          count={list.items.length}
          rows={list.rows}
          collapsed={Boolean(collapse.collapsed[day.key])}
          toggle={collapse.toggle}
          reporter={reporter}
        />
      ))}
    </ListFrame>
  );
}
