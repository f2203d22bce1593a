import type { PackageEditorValues } from "~/lib/package-editor-values";
import { adminUi } from "../admin-page";
import { useEditor } from "./editor-context";
import { EditorInput, EditorSelect, EditorTextArea } from "./editor-field";
import { ItemTools } from "./item-tools";
import styles from "./package-editor.module.css";
import { useKeyedList } from "./use-list";

const UNIT_OPTIONS = [
  { value: "per person", label: "per person" },
  { value: "per adult", label: "per adult" },
];

type Option = PackageEditorValues["priceOptions"][number];
type Hotel = Option["hotels"][number];

function HotelsField({ prefix, initial, optionLabel }: { prefix: string; initial: Hotel[]; optionLabel: string }) {
  const { markDirty } = useEditor();
  const list = useKeyedList(initial, markDirty);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Hotels of {optionLabel}</legend>
      <ol className={styles.items}>
        {list.items.map((hotel, index) => {
          const name = `${prefix}.hotels[${index}]`;
          const set = (patch: Partial<Hotel>) => list.change(index, patch);
          return (
            <li key={hotel.key} className={styles.item}>
              <div className={styles.grid2}>
                <EditorInput name={`${name}.destination`} label="Destination" value={hotel.destination} onChange={(e) => set({ destination: e.target.value })} />
                <EditorInput name={`${name}.nights`} label="Nights" type="number" inputMode="numeric" min={0} value={hotel.nights} onChange={(e) => set({ nights: e.target.value })} />
                <EditorInput name={`${name}.hotel`} label="Hotel" value={hotel.hotel} onChange={(e) => set({ hotel: e.target.value })} />
                <EditorInput name={`${name}.roomType`} label="Room type" value={hotel.roomType} onChange={(e) => set({ roomType: e.target.value })} />
                <EditorInput name={`${name}.mealPlan`} label="Meal plan" value={hotel.mealPlan} onChange={(e) => set({ mealPlan: e.target.value })} />
              </div>
              <ItemTools index={index} count={list.items.length} label={`hotel ${index + 1} of ${optionLabel}`} onMove={(to) => list.move(index, to)} onRemove={() => list.remove(index)} />
            </li>
          );
        })}
      </ol>
      <button type="button" className={`${adminUi.button} ${adminUi.small}`} onClick={() => list.add({ destination: "", nights: "", hotel: "", roomType: "", mealPlan: "" })}>
        Add hotel
      </button>
    </fieldset>
  );
}

/** Price options (e.g. "Deluxe hotels"), each with its hotels. */
export function PriceOptionsField({ initial }: { initial: Option[] }) {
  const { markDirty } = useEditor();
  const list = useKeyedList(initial, markDirty);
  return (
    <>
      <ol className={styles.items}>
        {list.items.map((option, index) => {
          const name = `priceOptions[${index}]`;
          const label = `option ${index + 1}`;
          return (
            <li key={option.key} className={styles.item}>
              <div className={styles.itemHead}>
                <h3 className={styles.itemTitle}>Price option {index + 1}</h3>
                <ItemTools index={index} count={list.items.length} label={`price ${label}`} onMove={(to) => list.move(index, to)} onRemove={() => list.remove(index)} />
              </div>
              <div className={styles.grid2}>
                <EditorInput name={`${name}.label`} label="Option name" value={option.label} onChange={(e) => list.change(index, { label: e.target.value })} />
                <EditorInput name={`${name}.amount`} label="Price (₹)" type="number" inputMode="numeric" min={0} value={option.amount} onChange={(e) => list.change(index, { amount: e.target.value })} />
                <EditorSelect name={`${name}.unit`} label="Per" options={UNIT_OPTIONS} value={option.unit} onChange={(e) => list.change(index, { unit: e.target.value as Option["unit"] })} />
              </div>
              <HotelsField prefix={name} initial={option.hotels} optionLabel={`price ${label}`} />
            </li>
          );
        })}
      </ol>
      <button type="button" className={`${adminUi.button} ${adminUi.small}`} onClick={() => list.add({ label: "", amount: "", unit: "per person", hotels: [] })}>
        Add price option
      </button>
    </>
  );
}

type Departure = PackageEditorValues["groupDates"][number];

/** Group departures: a name, a start and an end (not before the start). */
export function GroupDatesField({ initial }: { initial: Departure[] }) {
  const { markDirty } = useEditor();
  const list = useKeyedList(initial, markDirty);
  return (
    <>
      <ol className={styles.items}>
        {list.items.map((date, index) => {
          const name = `groupDates[${index}]`;
          return (
            <li key={date.key} className={styles.item}>
              <div className={styles.grid2}>
                <EditorInput name={`${name}.name`} label={`Departure ${index + 1} name`} value={date.name} onChange={(e) => list.change(index, { name: e.target.value })} />
                <EditorInput name={`${name}.start`} label="Start" type="date" value={date.start} onChange={(e) => list.change(index, { start: e.target.value })} />
                <EditorInput name={`${name}.end`} label="End" type="date" min={date.start || undefined} value={date.end} onChange={(e) => list.change(index, { end: e.target.value })} />
              </div>
              <ItemTools index={index} count={list.items.length} label={`departure ${index + 1}`} onMove={(to) => list.move(index, to)} onRemove={() => list.remove(index)} />
            </li>
          );
        })}
      </ol>
      <button type="button" className={`${adminUi.button} ${adminUi.small}`} onClick={() => list.add({ name: "", start: "", end: "" })}>
        Add departure
      </button>
    </>
  );
}

type Review = PackageEditorValues["reviews"][number];

export function ReviewsField({ initial }: { initial: Review[] }) {
  const { markDirty } = useEditor();
  const list = useKeyedList(initial, markDirty);
  return (
    <>
      <ol className={styles.items}>
        {list.items.map((review, index) => {
          const name = `reviews[${index}]`;
          return (
            <li key={review.key} className={styles.item}>
              <div className={styles.grid2}>
                <EditorInput name={`${name}.name`} label={`Review ${index + 1}: reviewer`} value={review.name} onChange={(e) => list.change(index, { name: e.target.value })} />
                <EditorSelect
                  name={`${name}.stars`}
                  label="Stars"
                  options={["5", "4", "3", "2", "1"].map((value) => ({ value, label: `${value} of 5` }))}
                  value={review.stars}
                  onChange={(e) => list.change(index, { stars: e.target.value })}
                />
              </div>
              <EditorTextArea name={`${name}.review`} label="Review" rows={3} value={review.review} onChange={(e) => list.change(index, { review: e.target.value })} />
              <ItemTools index={index} count={list.items.length} label={`review ${index + 1}`} onMove={(to) => list.move(index, to)} onRemove={() => list.remove(index)} />
            </li>
          );
        })}
      </ol>
      <button type="button" className={`${adminUi.button} ${adminUi.small}`} onClick={() => list.add({ name: "", stars: "5", review: "" })}>
        Add review
      </button>
    </>
  );
}
