import { useState } from "react";
import type { PackageEditorValues } from "~/lib/package-editor-values";
import { useEditor } from "./editor-context";
import { EditorInput, EditorSelect, EditorRadioGroup } from "./editor-field";
import styles from "./package-editor.module.css";

const PRICE_SHAPES = [
  ["single", "One price"],
  ["adultChild", "Adult / child with bed / child without bed"],
] as const;

/** The two price shapes of spec §3: one price, or adult / child with bed / child without bed. */
export function PriceFields({ values }: { values: PackageEditorValues }) {
  const [kind, setKind] = useState(values.priceKind);
  const { markDirty } = useEditor();
  return (
    <>
      <EditorRadioGroup
        name="price.kind"
        errorName="price"
        legend="Price shape"
        options={PRICE_SHAPES}
        value={kind}
        onChange={(value) => {
          setKind(value);
          markDirty();
        }}
      />
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
