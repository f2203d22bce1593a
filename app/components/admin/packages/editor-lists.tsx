import { memo, useContext, useEffect, useRef } from "react";
import { DepartureSeatsContext } from "./departure-seats-context";
import { formatIsoDay } from "~/lib/package-checks";
import type { PackageEditorValues } from "~/lib/package-editor-values";
import { formatInr } from "~/lib/price";
import { EditorInput, EditorSelect, EditorTextArea } from "./editor-field";
import { ListFrame, useRowHasError } from "./list-frame";
import styles from "./package-editor.module.css";
import { RowMenu, rowMenuItems } from "./row-menu";
import rowStyles from "./rows.module.css";
import { DragHandle, RowFrame, SortableRow, useCollapsedRows } from "./sortable-list";
import { useEditableList, type ListRows } from "./use-editable-list";
import type { Keyed } from "./use-list";

const UNIT_OPTIONS = [
  { value: "per person", label: "per person" },
  { value: "per adult", label: "per adult" },
];

type Option = PackageEditorValues["priceOptions"][number];
type Hotel = Option["hotels"][number];

/** The parts every long row gets: its place, the list's actions, and whether it is collapsed. */
type RowProps<T> = {
  item: Keyed<T>;
  index: number;
  count: number;
  rows: ListRows<T>;
  collapsed: boolean;
  toggle: (key: string, value?: boolean) => void;
};

function menuFor<T>({ item, index, count, rows }: RowProps<T>) {
  return (
    <RowMenu
      id={rows.menuId(item.key)}
      label={rows.label(index)}
      items={rowMenuItems({ index, count, move: (to) => rows.move(index, to), duplicate: () => rows.duplicate(index), remove: () => rows.remove(index) })}
    />
  );
}

const HotelRow = memo(function HotelRow(props: RowProps<Hotel> & { prefix: string; listId: string }) {
  const { item: hotel, index, rows, prefix, listId } = props;
  const name = `${prefix}.hotels[${index}]`;
  const set = (patch: Partial<Hotel>) => rows.change(hotel.key, patch);
  const rowId = `${listId}-${hotel.key}`;
  const hasError = useRowHasError(name);
  return (
    <SortableRow id={hotel.key} className={rowStyles.row} labelledBy={`${rowId}-title`}>
      <RowFrame
        rowId={rowId}
        title={`Hotel ${index + 1}`}
        detail={[hotel.destination, hotel.hotel].filter(Boolean).join(", ")}
        collapsed={props.collapsed}
        onToggle={(value) => props.toggle(hotel.key, value)}
        forceOpen={hasError}
        handle={<DragHandle label={rows.label(index)} />}
        menu={menuFor(props)}
      >
        <div className={styles.grid2}>
          <EditorInput name={`${name}.destination`} label="Destination" value={hotel.destination} onChange={(e) => set({ destination: e.target.value })} />
          <EditorInput
            name={`${name}.nights`}
            label="Nights"
            type="number"
            inputMode="numeric"
            min={0}
            value={hotel.nights}
            onChange={(e) => set({ nights: e.target.value })}
          />
          <EditorInput name={`${name}.hotel`} label="Hotel" value={hotel.hotel} onChange={(e) => set({ hotel: e.target.value })} />
          <EditorInput name={`${name}.roomType`} label="Room type" value={hotel.roomType} onChange={(e) => set({ roomType: e.target.value })} />
          <EditorInput name={`${name}.mealPlan`} label="Meal plan" value={hotel.mealPlan} onChange={(e) => set({ mealPlan: e.target.value })} />
        </div>
      </RowFrame>
    </SortableRow>
  );
});

function HotelsField({
  prefix,
  listId,
  initial,
  optionLabel,
  onHotelsChange,
}: {
  prefix: string;
  listId: string;
  initial: Hotel[];
  optionLabel: string;
  onHotelsChange: (hotels: Hotel[]) => void;
}) {
  const list = useEditableList<Hotel>({ id: listId, initial, label: (index) => `hotel ${index + 1} of ${optionLabel}` });
  const collapse = useCollapsedRows();
  // The option holds its hotels too, so duplicating the option copies them as they are now.
  const first = useRef(true);
  const report = useRef(onHotelsChange);
  report.current = onHotelsChange;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    report.current(list.items.map(({ key: _key, ...hotel }) => hotel));
  }, [list.items]);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Hotels of {optionLabel}</legend>
      <ListFrame
        id={listId}
        keys={list.keys}
        labelOf={list.rows.label}
        onMove={list.rows.move}
        status={list.status}
        addId={list.addId}
        addLabel="Add hotel"
        onAdd={() => list.add({ destination: "", nights: "", hotel: "", roomType: "", mealPlan: "" })}
        collapse={collapse}
        collapseWhat="hotels"
      >
        {list.items.map((hotel, index) => (
          <HotelRow
            key={hotel.key}
            item={hotel}
            index={index}
            count={list.items.length}
            rows={list.rows}
            collapsed={Boolean(collapse.collapsed[hotel.key])}
            toggle={collapse.toggle}
            prefix={prefix}
            listId={listId}
          />
        ))}
      </ListFrame>
    </fieldset>
  );
}

const OptionRow = memo(function OptionRow(props: RowProps<Option>) {
  const { item: option, index, rows } = props;
  const name = `priceOptions[${index}]`;
  const rowId = `priceOptions-${option.key}`;
  const amount = Number(option.amount);
  const hasError = useRowHasError(name);
  return (
    <SortableRow id={option.key} className={rowStyles.row} labelledBy={`${rowId}-title`}>
      <RowFrame
        rowId={rowId}
        title={`Price option ${index + 1}`}
        detail={[option.label, amount > 0 ? formatInr(amount) : ""].filter(Boolean).join(", ")}
        collapsed={props.collapsed}
        onToggle={(value) => props.toggle(option.key, value)}
        forceOpen={hasError}
        handle={<DragHandle label={rows.label(index)} />}
        menu={menuFor(props)}
      >
        <div className={styles.grid2}>
          <EditorInput name={`${name}.label`} label="Option name" value={option.label} onChange={(e) => rows.change(option.key, { label: e.target.value })} />
          <EditorInput
            name={`${name}.amount`}
            label="Price (₹)"
            type="number"
            inputMode="numeric"
            min={0}
            value={option.amount}
            onChange={(e) => rows.change(option.key, { amount: e.target.value })}
          />
          <EditorSelect
            name={`${name}.unit`}
            label="Per"
            options={UNIT_OPTIONS}
            value={option.unit}
            onChange={(e) => rows.change(option.key, { unit: e.target.value as Option["unit"] })}
          />
        </div>
        <HotelsField
          prefix={name}
          listId={`${rowId}-hotels`}
          initial={option.hotels}
          optionLabel={rows.label(index)}
          onHotelsChange={(hotels) => rows.change(option.key, { hotels })}
        />
      </RowFrame>
    </SortableRow>
  );
});

/** Price options (e.g. "Deluxe hotels"), each with its hotels. */
export function PriceOptionsField({ initial }: { initial: Option[] }) {
  const list = useEditableList<Option>({ id: "priceOptions", initial, label: (index) => `price option ${index + 1}` });
  const collapse = useCollapsedRows();
  return (
    <ListFrame
      id="priceOptions"
      keys={list.keys}
      labelOf={list.rows.label}
      onMove={list.rows.move}
      status={list.status}
      addId={list.addId}
      addLabel="Add price option"
      onAdd={() => list.add({ label: "", amount: "", unit: "per person", hotels: [] })}
      collapse={collapse}
      collapseWhat="price options"
      listLabel="Price options"
    >
      {list.items.map((option, index) => (
        <OptionRow
          key={option.key}
          item={option}
          index={index}
          count={list.items.length}
          rows={list.rows}
          collapsed={Boolean(collapse.collapsed[option.key])}
          toggle={collapse.toggle}
        />
      ))}
    </ListFrame>
  );
}

type Departure = PackageEditorValues["groupDates"][number];

const DepartureRow = memo(function DepartureRow(props: RowProps<Departure>) {
  const { item: date, index, rows } = props;
  const name = `groupDates[${index}]`;
  const rowId = `groupDates-${date.key}`;
  const hasError = useRowHasError(name);
  return (
    <SortableRow id={date.key} className={rowStyles.row} labelledBy={`${rowId}-title`}>
      <RowFrame
        rowId={rowId}
        title={`Departure ${index + 1}`}
        detail={[date.name, date.start ? formatIsoDay(date.start) : ""].filter(Boolean).join(", ")}
        collapsed={props.collapsed}
        onToggle={(value) => props.toggle(date.key, value)}
        forceOpen={hasError}
        handle={<DragHandle label={rows.label(index)} />}
        menu={menuFor(props)}
      >
        {/* The departure's stable id (ADR 059): its seat requests name it. */}
        {date.id ? <input type="hidden" name={`${name}.id`} value={date.id} /> : null}
        <div className={styles.grid2}>
          <EditorInput
            name={`${name}.name`}
            label={`Departure ${index + 1} name`}
            value={date.name}
            onChange={(e) => rows.change(date.key, { name: e.target.value })}
          />
          <EditorInput name={`${name}.start`} label="Start" type="date" value={date.start} onChange={(e) => rows.change(date.key, { start: e.target.value })} />
          <EditorInput
            name={`${name}.end`}
            label="End"
            type="date"
            min={date.start || undefined}
            value={date.end}
            onChange={(e) => rows.change(date.key, { end: e.target.value })}
          />
          <EditorInput
            name={`${name}.capacity`}
            label="Seats (optional)"
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            value={date.capacity ?? ""}
            onChange={(e) => rows.change(date.key, { capacity: e.target.value })}
          />
          <EditorInput
            name={`${name}.heldSeats`}
            label="Seats taken by hand (phone bookings)"
            type="number"
            inputMode="numeric"
            min={0}
            max={1000}
            value={date.heldSeats ?? ""}
            onChange={(e) => rows.change(date.key, { heldSeats: e.target.value })}
          />
        </div>
        <DepartureSeatsLine id={date.id} />
      </RowFrame>
    </SortableRow>
  );
});

/** The departure's seats now (ADR 059), from the editor's loader: capacity, confirmed, requested. */
function DepartureSeatsLine({ id }: { id?: string }) {
  const seats = useContext(DepartureSeatsContext)[id ?? ""];
  if (!seats) return null;
  return (
    <p className={styles.hint}>
      Seats now: {seats.capacity ? `${seats.capacity} in all, ` : "no capacity set, "}
      {seats.confirmed} confirmed, {seats.held} by hand, {seats.requested} requested{seats.left !== null ? `, ${seats.left} left` : ""}.
    </p>
  );
}

/** Group departures: a name, a start and an end (not before the start), seats (optional) and seats taken by hand. */
export function GroupDatesField({ initial }: { initial: Departure[] }) {
  const list = useEditableList<Departure>({ id: "groupDates", initial, label: (index) => `departure ${index + 1}` });
  const collapse = useCollapsedRows();
  return (
    <ListFrame
      id="groupDates"
      keys={list.keys}
      labelOf={list.rows.label}
      onMove={list.rows.move}
      status={list.status}
      addId={list.addId}
      addLabel="Add departure"
      onAdd={() => list.add({ name: "", start: "", end: "", capacity: "", heldSeats: "" })}
      collapse={collapse}
      collapseWhat="departures"
      listLabel="Departures"
    >
      {list.items.map((date, index) => (
        <DepartureRow
          key={date.key}
          item={date}
          index={index}
          count={list.items.length}
          rows={list.rows}
          collapsed={Boolean(collapse.collapsed[date.key])}
          toggle={collapse.toggle}
        />
      ))}
    </ListFrame>
  );
}

type Review = PackageEditorValues["reviews"][number];

const STAR_OPTIONS = ["5", "4", "3", "2", "1"].map((value) => ({ value, label: `${value} of 5` }));

const ReviewRow = memo(function ReviewRow(props: RowProps<Review>) {
  const { item: review, index, rows } = props;
  const name = `reviews[${index}]`;
  const rowId = `reviews-${review.key}`;
  const hasError = useRowHasError(name);
  return (
    <SortableRow id={review.key} className={rowStyles.row} labelledBy={`${rowId}-title`}>
      <RowFrame
        rowId={rowId}
        title={`Review ${index + 1}`}
        detail={[review.name, review.stars ? `${review.stars} of 5` : ""].filter(Boolean).join(", ")}
        collapsed={props.collapsed}
        onToggle={(value) => props.toggle(review.key, value)}
        forceOpen={hasError}
        handle={<DragHandle label={rows.label(index)} />}
        menu={menuFor(props)}
      >
        <div className={styles.grid2}>
          <EditorInput
            name={`${name}.name`}
            label={`Review ${index + 1}: reviewer`}
            value={review.name}
            onChange={(e) => rows.change(review.key, { name: e.target.value })}
          />
          <EditorSelect
            name={`${name}.stars`}
            label="Stars"
            options={STAR_OPTIONS}
            value={review.stars}
            onChange={(e) => rows.change(review.key, { stars: e.target.value })}
          />
        </div>
        <EditorTextArea
          name={`${name}.review`}
          label="Review"
          rows={3}
          value={review.review}
          onChange={(e) => rows.change(review.key, { review: e.target.value })}
        />
      </RowFrame>
    </SortableRow>
  );
});

export function ReviewsField({ initial }: { initial: Review[] }) {
  const list = useEditableList<Review>({ id: "reviews", initial, label: (index) => `review ${index + 1}` });
  const collapse = useCollapsedRows();
  return (
    <ListFrame
      id="reviews"
      keys={list.keys}
      labelOf={list.rows.label}
      onMove={list.rows.move}
      status={list.status}
      addId={list.addId}
      addLabel="Add review"
      onAdd={() => list.add({ name: "", stars: "5", review: "" })}
      collapse={collapse}
      collapseWhat="reviews"
      listLabel="Reviews"
    >
      {list.items.map((review, index) => (
        <ReviewRow
          key={review.key}
          item={review}
          index={index}
          count={list.items.length}
          rows={list.rows}
          collapsed={Boolean(collapse.collapsed[review.key])}
          toggle={collapse.toggle}
        />
      ))}
    </ListFrame>
  );
}
