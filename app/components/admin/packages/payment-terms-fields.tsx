import { useState } from "react";
import type { PackageEditorValues } from "~/lib/package-editor-values";
import { BALANCE_DAYS_MAX } from "~/lib/payment-schedule";
import { useEditor } from "./editor-context";
import { EditorInput, EditorRadioGroup } from "./editor-field";
import styles from "./package-editor.module.css";

const DEPOSIT_KINDS = [
  ["percent", "A percentage of the total"],
  ["perPerson", "A fixed amount per traveller"],
] as const;

/**
 * The package's default payment terms (issue 46, ADR 090): a deposit on
 * confirmation, a percentage of the total or an amount per traveller, and the
 * balance N days before departure. A new booking copies them into its own
 * schedule, which the team may then change on the booking's page.
 */
export function PaymentTermsFields({ values }: { values: PackageEditorValues["paymentTerms"] }) {
  const [kind, setKind] = useState(values.depositKind);
  const { markDirty } = useEditor();
  return (
    <div>
      <h3 className={styles.groupTitle}>Payment terms</h3>
      <p className={styles.note}>A new booking copies these into its payment schedule; the team can change a booking&rsquo;s own schedule on its page.</p>
      <EditorRadioGroup
        name="paymentTerms.depositKind"
        errorName="paymentTerms"
        legend="Deposit due on confirmation"
        options={DEPOSIT_KINDS}
        value={kind}
        onChange={(value) => {
          setKind(value);
          markDirty();
        }}
      />
      <div className={styles.grid2}>
        {kind === "percent" ? (
          <EditorInput
            name="paymentTerms.depositPercent"
            label="Deposit (% of the total)"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            hint="Rounded to the nearest rupee."
            defaultValue={values.depositPercent}
          />
        ) : (
          <EditorInput
            name="paymentTerms.depositPerPerson"
            label="Deposit per traveller (₹)"
            inputMode="decimal"
            autoComplete="off"
            hint="Children count as travellers."
            defaultValue={values.depositPerPerson}
          />
        )}
        <EditorInput
          name="paymentTerms.balanceDaysBefore"
          label="Balance due (days before departure)"
          type="number"
          inputMode="numeric"
          min={0}
          max={BALANCE_DAYS_MAX}
          hint="When that day has passed at booking, the whole amount is due on confirmation."
          defaultValue={values.balanceDaysBefore}
        />
      </div>
    </div>
  );
}
