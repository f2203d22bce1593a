import { useState } from "react";
import {
  priceLines,
  priceLineText,
  PRIVATE_TRIP,
  ROOM_SHARING_LABELS,
  ROOM_SHARINGS,
  TRAVELLER_KIND_LABELS,
  type BookingPrice,
  type StartState,
} from "~/lib/booking";
import { travellerRowsByKind, travellerRowsInSeatOrder, type BookablePackage, type BookingFormValues } from "~/lib/booking-form-values";
import { parseRupees } from "~/lib/money";
import { formatPaise } from "~/lib/price";
import { adminUi, Panel } from "../admin-page";
import { useFieldError } from "../packages/editor-context";
import { EditorInput, EditorSelect } from "../packages/editor-field";
import styles from "./bookings.module.css";

export type { BookablePackage };

/** A typed amount's paise for the running total; 0 until it is one (the save names what is wrong). */
const typedPaise = (text: string) => {
  const parsed = parseRupees(text);
  return parsed.ok ? parsed.paise : 0;
};

const count = (text: string) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 50) : 0;
};

/** The departure (or a private trip's own dates) of the chosen package. */
export function TripSection({ pkg, values, lockedPackage }: { pkg: BookablePackage | null; values: BookingFormValues; lockedPackage: boolean }) {
  const [departure, setDeparture] = useState(values.departureId);
  if (!pkg) return null;
  // No default: an admin who skips the choice is asked, not given a private trip.
  const options = [
    { value: "", label: "Choose a departure or a private trip" },
    ...pkg.departures.map((date) => ({ value: date.id, label: date.label })),
    { value: PRIVATE_TRIP, label: "Private trip (its own dates)" },
  ];
  return (
    <Panel title="Trip" id="booking-trip">
      {lockedPackage ? <p className={adminUi.muted}>Package: {pkg.title}</p> : null}
      <div className={styles.grid}>
        <EditorSelect
          name="departureId"
          label="Departure"
          required
          options={options}
          value={departure}
          onChange={(event) => setDeparture(event.target.value)}
        />
        {departure === PRIVATE_TRIP ? (
          <>
            <EditorInput name="startDate" label="Start date" type="date" defaultValue={values.startDate} required />
            <EditorInput name="endDate" label="Return date" type="date" defaultValue={values.endDate} required />
          </>
        ) : null}
      </div>
    </Panel>
  );
}

/** The lead traveller: who the team calls and the e-mails go to. */
export function LeadSection({ values }: { values: BookingFormValues }) {
  return (
    <Panel title="Lead traveller" id="booking-lead">
      <div className={styles.grid}>
        <EditorInput name="leadName" label="Name" required maxLength={120} defaultValue={values.leadName} autoComplete="off" />
        <EditorInput name="leadPhone" label="Phone" type="tel" required defaultValue={values.leadPhone} hint="An Indian number, or + and the country code." />
        <EditorInput name="leadEmail" label="E-mail (optional)" type="email" defaultValue={values.leadEmail} hint="The booking e-mails go here." />
      </div>
    </Panel>
  );
}

type Counts = { adults: number; childrenWithBed: number; childrenNoBed: number };

/** The party by kind: at least one adult, at most 50 travellers in all (the schema's). */
const COUNT_FIELDS: { name: keyof Counts; label: string; min: number }[] = [
  { name: "adults", label: "Adults", min: 1 },
  { name: "childrenWithBed", label: "Children with bed", min: 0 },
  { name: "childrenNoBed", label: "Children without bed", min: 0 },
];

/** Travellers by kind (the seats they take) and each one's name and age, in seat order: adults first. */
export function TravellersSection({ values, counts, onCounts }: { values: BookingFormValues; counts: Counts; onCounts: (counts: Counts) => void }) {
  // Names are kept per kind: a changed count adds or drops that kind's last rows and moves nobody's name to another traveller.
  const [names, setNames] = useState(() =>
    travellerRowsByKind(values.travellers, {
      adults: count(values.adults),
      childrenWithBed: count(values.childrenWithBed),
      childrenNoBed: count(values.childrenNoBed),
    }),
  );
  const rows = travellerRowsInSeatOrder(names, counts);
  const travellersError = useFieldError("travellers");
  const setCount = (key: keyof Counts, text: string) => onCounts({ ...counts, [key]: count(text) });
  return (
    <Panel title="Travellers" id="booking-travellers">
      <div className={styles.grid}>
        {COUNT_FIELDS.map((field) => (
          <EditorInput
            key={field.name}
            name={field.name}
            label={field.label}
            type="number"
            inputMode="numeric"
            min={field.min}
            max={50}
            required={field.min > 0}
            defaultValue={values[field.name]}
            onChange={(event) => setCount(field.name, event.target.value)}
          />
        ))}
        <EditorSelect
          name="room"
          label="Room sharing"
          defaultValue={values.room}
          options={ROOM_SHARINGS.map((room) => ({ value: room, label: ROOM_SHARING_LABELS[room] }))}
        />
      </div>
      <p className={adminUi.muted}>Every traveller takes a seat. Names and ages can be added later; the manifest shows “name to come” meanwhile.</p>
      {travellersError.message ? (
        <p id={travellersError.errorId} className={adminUi.formError}>
          {travellersError.message}
        </p>
      ) : null}
      <ol className={styles.travellers}>
        {rows.map(({ kind, number, row }, index) => {
          const label = `${TRAVELLER_KIND_LABELS[kind]} ${number}`;
          const update = (part: "name" | "age", value: string) =>
            setNames((current) => {
              const list = [...current[kind]];
              list[number - 1] = { ...(list[number - 1] ?? { name: "", age: "" }), [part]: value };
              return { ...current, [kind]: list };
            });
          return (
            <li key={`${kind}-${number}`} className={styles.traveller}>
              <EditorInput
                name={`travellers[${index}].name`}
                label={`${label}: name`}
                value={row.name}
                onChange={(event) => update("name", event.target.value)}
                maxLength={120}
              />
              <EditorInput
                name={`travellers[${index}].age`}
                label="Age"
                // Each row's "Age" says whose, for a screen reader going field by field (the visible word stays in the name).
                aria-label={`${label}: age`}
                type="number"
                inputMode="numeric"
                min={0}
                max={120}
                value={row.age}
                onChange={(event) => update("age", event.target.value)}
                className={styles.age}
              />
            </li>
          );
        })}
      </ol>
    </Panel>
  );
}

/** The price: per-person prices copied from the package (or kept as booked), extras, a discount, and the total as it will be stored. */
export function PriceSection({
  pkg,
  values,
  counts,
  keptBasis,
}: {
  pkg: BookablePackage | null;
  values: BookingFormValues;
  counts: Counts;
  keptBasis?: string;
}) {
  const [basis, setBasis] = useState(values.priceBasis);
  const [extras, setExtras] = useState(values.extras.length > 0 ? values.extras : []);
  const [discount, setDiscount] = useState({ label: values.discountLabel, amount: values.discountAmount });
  if (!pkg) return null;
  const chosen = pkg.prices.find((price) => price.basis === basis) ?? pkg.prices[0]!;
  const price: BookingPrice = {
    basis: chosen.label,
    units: chosen.units,
    extras: extras.map((extra) => ({ label: extra.label || "Extra", amountPaise: typedPaise(extra.amount) })),
    discount: discount.amount ? { label: discount.label || "Discount", amountPaise: typedPaise(discount.amount) } : null,
  };
  const lines = priceLines(price, counts);
  const total = lines.reduce((sum, line) => sum + line.amountPaise, 0);
  return (
    <Panel title="Price" id="booking-price">
      <div className={styles.grid}>
        <EditorSelect
          name="priceBasis"
          label="Price per traveller"
          value={basis}
          onChange={(event) => setBasis(event.target.value)}
          options={pkg.prices.map((option) => ({ value: option.basis, label: option.basis === keptBasis ? `${option.label} (as booked)` : option.label }))}
          hint="Copied into the booking: a later change of the package's price does not change it."
        />
      </div>
      <fieldset className={styles.rows}>
        <legend>Extras</legend>
        {extras.map((extra, index) => (
          <div key={index} className={styles.extra}>
            <EditorInput
              name={`extras[${index}].label`}
              label={`Extra ${index + 1}`}
              value={extra.label}
              maxLength={120}
              onChange={(event) => setExtras(extras.map((row, at) => (at === index ? { ...row, label: event.target.value } : row)))}
            />
            <EditorInput
              name={`extras[${index}].amount`}
              label="Amount (₹)"
              inputMode="decimal"
              value={extra.amount}
              onChange={(event) => setExtras(extras.map((row, at) => (at === index ? { ...row, amount: event.target.value } : row)))}
            />
            <button
              type="button"
              className={`${adminUi.button} ${adminUi.small}`}
              onClick={() => setExtras(extras.filter((_, at) => at !== index))}
              aria-label={`Remove extra ${index + 1}`}
            >
              Remove
            </button>
          </div>
        ))}
        <button type="button" className={`${adminUi.button} ${adminUi.small}`} onClick={() => setExtras([...extras, { label: "", amount: "" }])}>
          Add an extra
        </button>
      </fieldset>
      <div className={styles.grid}>
        <EditorInput
          name="discount.label"
          label="Discount (what for)"
          value={discount.label}
          maxLength={120}
          onChange={(event) => setDiscount({ ...discount, label: event.target.value })}
        />
        <EditorInput
          name="discount.amount"
          label="Discount amount (₹)"
          inputMode="decimal"
          value={discount.amount}
          onChange={(event) => setDiscount({ ...discount, amount: event.target.value })}
        />
      </div>
      <table className={`${adminUi.table} ${styles.lines}`}>
        <caption className="visually-hidden">Price lines</caption>
        <tbody>
          {lines.map((line, index) => (
            <tr key={index}>
              <th scope="row">{priceLineText(line)}</th>
              <td>{formatPaise(line.amountPaise)}</td>
            </tr>
          ))}
          <tr className={styles.total}>
            <th scope="row">Total</th>
            <td aria-live="polite">{formatPaise(total)}</td>
          </tr>
        </tbody>
      </table>
    </Panel>
  );
}

const START_OPTIONS: { value: StartState; label: string; hint: string }[] = [
  { value: "held", label: "Hold the seats", hint: "Kept until the deadline below, then they go back on sale." },
  { value: "confirmed", label: "Confirm now", hint: "The seats are the traveller's." },
  { value: "waitlisted", label: "Put on the waitlist", hint: "Offered seats in turn when some come free." },
];

/** A new booking: hold (until a deadline), confirm or waitlist. */
export function StartSection({ values, defaultHold }: { values: BookingFormValues; defaultHold: string }) {
  const [state, setState] = useState<StartState>(values.state);
  const error = useFieldError("state");
  return (
    <Panel title="Seats" id="booking-start">
      <fieldset className={styles.choices} aria-describedby={error.message ? error.errorId : undefined}>
        <legend className="visually-hidden">How the booking starts</legend>
        {START_OPTIONS.map((option) => (
          <label key={option.value} className={styles.choice}>
            <input type="radio" name="state" value={option.value} checked={state === option.value} onChange={() => setState(option.value)} />
            <span>
              <strong>{option.label}</strong> <span className={adminUi.muted}>{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {error.message ? (
        <p id={error.errorId} className={adminUi.formError}>
          {error.message}
        </p>
      ) : null}
      {state === "held" ? (
        <EditorInput name="holdUntil" label="Hold until (Indian time)" type="datetime-local" defaultValue={values.holdUntil || defaultHold} />
      ) : null}
    </Panel>
  );
}
