import { memo, useContext } from "react";
import { DepartureSeatsContext } from "./departure-seats-context";
import { formatIsoDay } from "~/lib/package-checks";
import type { PackageEditorValues } from "~/lib/package-editor-values";
import { formatInr } from "~/lib/price";
import { EditorInput, EditorSelect, EditorTextArea } from "./editor-field";
import { EditorRow, EditorRowList, type EditorRowProps } from "./editor-row-list";
import styles from "./package-editor.module.css";

const UNIT_OPTIONS = [
  { value: "per person", label: "per person" },
  { value: "per adult", label: "per adult" },
];

type Option = PackageEditorValues["priceOptions"][number];
type Hotel = Option["hotels"][number];

const HotelRow = memo(function HotelRow(props: EditorRowProps<Hotel> & { prefix: string; listId: string }) {
  const { item: hotel, index, rows, prefix, listId } = props;
  const name = `${prefix}.hotels[${index}]`;
  const set = (patch: Partial<Hotel>) => rows.change(hotel.key, patch);
  return (
    <EditorRow
      row={props}
      name={name}
      rowId={`${listId}-${hotel.key}`}
      title={`Hotel ${index + 1}`}
      detail={[hotel.destination, hotel.hotel].filter(Boolean).join(", ")}
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
    </EditorRow>
  );
});

const OptionRow = memo(function OptionRow(props: EditorRowProps<Option>) {
  const { item: option, index, rows } = props;
  const name = `priceOptions[${index}]`;
  const rowId = `priceOptions-${option.key}`;
  const amount = Number(option.amount);
  return (
    <EditorRow
      row={props}
      name={name}
      rowId={rowId}
      title={`Price option ${index + 1}`}
      detail={[option.label, amount > 0 ? formatInr(amount) : ""].filter(Boolean).join(", ")}
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
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Hotels of {rows.label(index)}</legend>
        {/* The option holds its hotels too, so duplicating the option copies them as they are now. */}
        <EditorRowList
          id={`${rowId}-hotels`}
          initial={option.hotels}
          label={(hotelIndex) => `hotel ${hotelIndex + 1} of ${rows.label(index)}`}
          blank={() => ({ destination: "", nights: "", hotel: "", roomType: "", mealPlan: "" })}
          addLabel="Add hotel"
          collapseWhat="hotels"
          Row={HotelRow}
          rowProps={{ prefix: name, listId: `${rowId}-hotels` }}
          onItemsChange={(hotels) => rows.change(option.key, { hotels })}
        />
      </fieldset>
    </EditorRow>
  );
});

/** Price options (e.g. "Deluxe hotels"), each with its hotels. */
export function PriceOptionsField({ initial }: { initial: Option[] }) {
  return (
    <EditorRowList
      id="priceOptions"
      initial={initial}
      label={(index) => `price option ${index + 1}`}
      blank={(): Option => ({ label: "", amount: "", unit: "per person", hotels: [] })}
      addLabel="Add price option"
      collapseWhat="price options"
      listLabel="Price options"
      Row={OptionRow}
      rowProps={{}}
    />
  );
}

type Departure = PackageEditorValues["groupDates"][number];

const DepartureRow = memo(function DepartureRow(props: EditorRowProps<Departure>) {
  const { item: date, index, rows } = props;
  const name = `groupDates[${index}]`;
  return (
    <EditorRow
      row={props}
      name={name}
      rowId={`groupDates-${date.key}`}
      title={`Departure ${index + 1}`}
      detail={[date.name, date.start ? formatIsoDay(date.start) : ""].filter(Boolean).join(", ")}
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
    </EditorRow>
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
  return (
    <EditorRowList
      id="groupDates"
      initial={initial}
      label={(index) => `departure ${index + 1}`}
      blank={() => ({ name: "", start: "", end: "", capacity: "", heldSeats: "" })}
      addLabel="Add departure"
      collapseWhat="departures"
      listLabel="Departures"
      Row={DepartureRow}
      rowProps={{}}
    />
  );
}

type Review = PackageEditorValues["reviews"][number];

const STAR_OPTIONS = ["5", "4", "3", "2", "1"].map((value) => ({ value, label: `${value} of 5` }));

const ReviewRow = memo(function ReviewRow(props: EditorRowProps<Review>) {
  const { item: review, index, rows } = props;
  const name = `reviews[${index}]`;
  return (
    <EditorRow
      row={props}
      name={name}
      rowId={`reviews-${review.key}`}
      title={`Review ${index + 1}`}
      detail={[review.name, review.stars ? `${review.stars} of 5` : ""].filter(Boolean).join(", ")}
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
    </EditorRow>
  );
});

export function ReviewsField({ initial }: { initial: Review[] }) {
  return (
    <EditorRowList
      id="reviews"
      initial={initial}
      label={(index) => `review ${index + 1}`}
      blank={() => ({ name: "", stars: "5", review: "" })}
      addLabel="Add review"
      collapseWhat="reviews"
      listLabel="Reviews"
      Row={ReviewRow}
      rowProps={{}}
    />
  );
}
