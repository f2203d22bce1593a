import { memo, useCallback } from "react";
import type { PackageEditorValues } from "~/lib/package-editor-values";
import { EditorInput, EditorTextArea } from "./editor-field";
import { EditorRow, EditorRowList, rowFields, type EditorRowProps } from "./editor-row-list";
import { DayPhotoUploader } from "./package-uploads";

/** A day as the builder holds it: the stored fields, and the preview of a photo uploaded here. */
type Day = PackageEditorValues["itinerary"][number] & { photoUrl?: string; photoName?: string };

/** Reports a day's uploads in progress (saving waits for them). */
type UploadReporter = (name: string) => (busy: boolean) => void;

const SortableDay = memo(function SortableDay(props: EditorRowProps<Day> & { reporter: UploadReporter }) {
  const { item: day, index, rows, reporter } = props;
  const prefix = `itinerary[${index}]`;
  const field = rowFields(props, prefix);
  const number = index + 1;
  // Stable, so the photo's uploader (memoised) is left alone while the day's text is typed.
  const onPhotoChange = useCallback(
    ({ key, url, name }: { key: string; url?: string; name?: string }) => rows.change(day.key, { photo: key, photoUrl: url, photoName: name }),
    [rows, day.key],
  );
  return (
    <EditorRow
      row={props}
      name={prefix}
      rowId={`itinerary-${day.key}`}
      title={`Day ${number}`}
      detail={day.title}
      onRemove={() => {
        // A removed day's upload no longer holds the save back.
        reporter(`day-${day.key}`)(false);
        rows.remove(index);
      }}
    >
      {/* Day numbers follow the order. */}
      <input type="hidden" name={`${prefix}.day`} value={number} />
      <EditorInput {...field("title")} label={`Day ${number} title`} maxLength={200} />
      <EditorTextArea {...field("description")} label={`Day ${number} description`} rows={3} />
      <DayPhotoUploader
        name={`${prefix}.photo`}
        label={`Day ${number} photo`}
        photo={day.photo}
        preview={day.photoUrl}
        fileName={day.photoName}
        onChange={onPhotoChange}
        onBusyChange={reporter(`day-${day.key}`)}
      />
    </EditorRow>
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
  reporter: UploadReporter;
}) {
  return (
    <EditorRowList
      id="itinerary"
      initial={initial.map((day) => ({ ...day, photoUrl: previews[day.photo] }))}
      label={(index) => `day ${index + 1}`}
      movedMessage={(from, to) => `Day ${from + 1} is now day ${to + 1}.`}
      blank={() => ({ title: "", description: "", photo: "" })}
      addLabel="Add day"
      collapseWhat="days"
      listLabel="Itinerary days"
      Row={SortableDay}
      rowProps={{ reporter }}
    />
  );
}
