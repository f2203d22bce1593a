import { useState } from "react";
import type { PackageEditorValues } from "~/lib/package-editor-values";
import fieldStyles from "~/components/ui/form-field.module.css";
import { useEditor, useFieldError } from "./editor-context";
import { EditorInput, EditorSelect } from "./editor-field";
import styles from "./package-editor.module.css";

/** The two price shapes of spec §3: one price, or adult / child with bed / child without bed. */
export function PriceFields({ values }: { values: PackageEditorValues }) {
  const [kind, setKind] = useState(values.priceKind);
  const { markDirty } = useEditor();
  const { message, errorId } = useFieldError("price");
  return (
    <>
      <fieldset className={styles.fieldset} aria-describedby={message ? errorId : undefined}>
        <legend className={styles.legend}>Price shape</legend>
        {message ? (
          <p id={errorId} className={fieldStyles.error}>
            {message}
          </p>
        ) : null}
        <div className={styles.radios}>
          {(
            [
              ["single", "One price"],
              ["adultChild", "Adult / child with bed / child without bed"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className={styles.check}>
              <input
                type="radio"
                name="price.kind"
                value={value}
                checked={kind === value}
                onChange={() => {
                  setKind(value);
                  markDirty();
                }}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === "single" ? (
        <div className={styles.grid2}>
          <EditorInput name="price.amount" label="Price (₹)" type="number" inputMode="numeric" min={0} defaultValue={values.priceAmount} />
          <EditorSelect
            name="price.unit"
            label="Per"
            defaultValue={values.priceUnit}
            options={[
              { value: "per person", label: "per person" },
              { value: "per adult", label: "per adult" },
            ]}
          />
        </div>
      ) : (
        <div className={styles.grid2}>
          <EditorInput name="price.adult" label="Adult (₹)" type="number" inputMode="numeric" min={0} defaultValue={values.priceAdult} />
          <EditorInput name="price.childWithBed" label="Child with bed (₹)" type="number" inputMode="numeric" min={0} defaultValue={values.priceChildWithBed} />
          <EditorInput name="price.childNoBed" label="Child without bed (₹)" type="number" inputMode="numeric" min={0} defaultValue={values.priceChildNoBed} />
        </div>
      )}
    </>
  );
}
