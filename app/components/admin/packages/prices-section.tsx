import type { PackageEditorValues } from "~/lib/package-editor-values";
import { taxNote } from "~/lib/price";
import { usePackageOverview } from "./use-form-snapshot";
import { useStore } from "./editor-store";
import { PriceOptionsField } from "./editor-lists";
import styles from "./package-editor.module.css";
import { PaymentTermsFields } from "./payment-terms-fields";
import { PriceFields } from "./price-fields";

/** The tax note follows the region chosen in Basics. */
function TaxNote() {
  const overview = usePackageOverview();
  const region = useStore(overview, (value) => value.snapshot.region);
  return (
    <p className={styles.note}>
      {region === "international" || region === "national" ? `Shown with “${taxNote(region)}”.` : "The tax note (GST, and TCS abroad) follows the region."}
    </p>
  );
}

export function PricesFields({ values }: { values: PackageEditorValues }) {
  return (
    <>
      <div>
        <PriceFields values={values} />
        <TaxNote />
      </div>
      <PriceOptionsField initial={values.priceOptions} />
      <PaymentTermsFields values={values.paymentTerms} />
    </>
  );
}
