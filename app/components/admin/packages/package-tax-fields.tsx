import { useState } from "react";
import type { PackageEditorValues } from "~/lib/package-editor-values";
import { taxNote, type TaxRates } from "~/lib/price";
import { useEditor } from "./editor-context";
import { EditorRadioGroup } from "./editor-field";
import styles from "./package-editor.module.css";

const SCHEMES = [
  ["package", "5% GST on the whole package (no input tax credit; the price includes hotels and transport)"],
  ["service-charge", "18% GST on a separate service charge (hotels and transport passed on at cost)"],
] as const;

const OVERSEAS = [
  ["yes", "Yes: an overseas tour package, so TCS is collected on every amount received"],
  ["no", "No: a tour in India"],
] as const;

/**
 * The package's tax setting (issue 47, ADR 092): which GST scheme its
 * documents use, and whether it is an overseas tour package (TCS). Saved
 * with the package; the price's tax note follows both, with the rates of
 * the tax rules in force (Settings → Business and tax).
 */
export function PackageTaxFields({ values, taxes }: { values: PackageEditorValues; taxes: TaxRates }) {
  const { markDirty } = useEditor();
  const [scheme, setScheme] = useState(values.taxScheme);
  // Not chosen yet: an international package is an overseas tour package.
  const [overseas, setOverseas] = useState<"yes" | "no">(values.overseas || (values.region === "international" ? "yes" : "no"));
  const change =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      markDirty();
    };
  return (
    <div>
      <h3 className={styles.groupTitle}>Tax</h3>
      <p className={styles.note}>Ask your accountant which scheme applies. Documents already issued keep the tax they were issued with.</p>
      <EditorRadioGroup name="taxScheme" errorName="taxScheme" legend="GST scheme" options={SCHEMES} value={scheme} onChange={change(setScheme)} />
      <EditorRadioGroup
        name="overseas"
        errorName="overseas"
        legend="Overseas tour package (TCS)"
        options={OVERSEAS}
        value={overseas}
        onChange={change(setOverseas)}
      />
      <p className={styles.note}>Prices are shown with “{taxNote({ taxScheme: scheme, overseas: overseas === "yes" }, taxes)}”.</p>
    </div>
  );
}
