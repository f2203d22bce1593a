import { memo, useContext } from "react";
import { DepartureSeatsContext } from "./departure-seats-context";
import { formatIsoDay } from "~/lib/package-checks";
import type { PackageEditorValues } from "~/lib/package-editor-values";
import { formatInr } from "~/lib/price";
import { EditorInput, EditorSelect, EditorTextArea } from "./editor-field";
import { EditorRow, EditorRowList, rowFields, type EditorRowProps } from "./editor-row-list";
import styles from "./package-editor.module.css";

const UNIT_OPTIONS = [
  { value: "per person", label: "per person" },
  { value: "per adult", label: "per adult" },
];

type Option = PackageEditorValues["priceOptions"][number];
type Hotel = Option["hotels"][number];

const HotelRow = memo(function HotelRow(props: EditorRowProps<Hotel> & { prefix: string; listId: string }) {
  const { item: hotel, index, prefix, listId } = props;
  const name = `${prefix}.hotels[${index}]`;
  const field = rowFields(props, name);
  return (
    <EditorRow
      row={props}
      name={name}
      rowId={`${listId}-${hotel.key}`}
      title={`Hotel ${index + 1}`}
      detail={[hotel.destination, hotel.hotel].filter(Boolean).join(", ")}
    >
      <div className={styles.grid2}>
        <EditorInput {...field("destination")} label="Destination" />
        <EditorInput {...field("nights")} label="Nights" type="number" inputMode="numeric" min={0} />
        <EditorInput {...field("hotel")} label="Hotel" />
        <EditorInput {...field("roomType")} label="Room type" />
        <EditorInput {...field("mealPlan")} label="Meal plan" />
      </div>
    </EditorRow>
  );
});

const OptionRow = memo(function OptionRow(props: EditorRowProps<Option>) {
  const { item: option, index, rows } = props;
  const name = `priceOptions[${index}]`;
  const field = rowFields(props, name);
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
        <EditorInput {...field("label")} label="Option name" />
        <EditorInput {...field("amount")} label="Price (₹)" type="number" inputMode="numeric" min={0} />
        <EditorSelect {...field("unit")} label="Per" options={UNIT_OPTIONS} />
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
    />
  );
}

type Departure = PackageEditorValues["groupDates"][number];

const DepartureRow = memo(function DepartureRow(props: EditorRowProps<Departure>) {
  const { item: date, index } = props;
  const name = `groupDates[${index}]`;
  const field = rowFields(props, name);
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
        <EditorInput {...field("name")} label={`Departure ${index + 1} name`} />
        <EditorInput {...field("start")} label="Start" type="date" />
        <EditorInput {...field("end")} label="End" type="date" min={date.start || undefined} />
        <EditorInput {...field("capacity")} label="Seats (optional)" type="number" inputMode="numeric" min={1} max={1000} />
      </div>
      <DepartureSeatsLine id={date.id} />
    </EditorRow>
  );
});

/** The departure's seats now, counted from its bookings (ADR 088): the capacity cannot go below held + confirmed. */
function DepartureSeatsLine({ id }: { id?: string }) {
  const seats = useContext(DepartureSeatsContext)[id ?? ""];
  if (!seats) return null;
  return (
    <p className={styles.hint}>
      Seats now: {seats.capacity ? `${seats.capacity} in all, ` : "no capacity set, "}
      {seats.confirmed} confirmed, {seats.held} held{seats.free !== null ? `, ${seats.free} free` : ""}
      {seats.waitlist ? `, ${seats.waitlist} on the waitlist` : ""}, {seats.requested} requested.{" "}
      {id ? <a href={`/admin/departures#departure-${id}`}>Bookings on this departure</a> : null}
    </p>
  );
}

/** Group departures: a name, a start and an end (not before the start), and seats (optional; bookings take them). */
export function GroupDatesField({ initial }: { initial: Departure[] }) {
  return (
    <EditorRowList
      id="groupDates"
      initial={initial}
      label={(index) => `departure ${index + 1}`}
      blank={() => ({ name: "", start: "", end: "", capacity: "" })}
      addLabel="Add departure"
      collapseWhat="departures"
      listLabel="Departures"
      Row={DepartureRow}
    />
  );
}

type Review = PackageEditorValues["reviews"][number];

const STAR_OPTIONS = ["5", "4", "3", "2", "1"].map((value) => ({ value, label: `${value} of 5` }));

const ReviewRow = memo(function ReviewRow(props: EditorRowProps<Review>) {
  const { item: review, index } = props;
  const name = `reviews[${index}]`;
  const field = rowFields(props, name);
  return (
    <EditorRow
      row={props}
      name={name}
      rowId={`reviews-${review.key}`}
      title={`Review ${index + 1}`}
      detail={[review.name, review.stars ? `${review.stars} of 5` : ""].filter(Boolean).join(", ")}
    >
      <div className={styles.grid2}>
        <EditorInput {...field("name")} label={`Review ${index + 1}: reviewer`} />
        <EditorSelect {...field("stars")} label="Stars" options={STAR_OPTIONS} />
      </div>
      <EditorTextArea {...field("review")} label="Review" rows={3} />
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
    />
  );
}
