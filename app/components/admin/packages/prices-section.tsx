import type { PackageEditorValues } from "~/lib/package-editor-values";
import type { TaxRates } from "~/lib/price";
import { PriceOptionsField } from "./editor-lists";
import { PackageTaxFields } from "./package-tax-fields";
import { PaymentTermsFields } from "./payment-terms-fields";
import { PriceFields } from "./price-fields";

export function PricesFields({ values, taxes }: { values: PackageEditorValues; taxes: TaxRates }) {
  return (
    <>
      <PriceFields values={values} />
      <PriceOptionsField initial={values.priceOptions} />
      <PaymentTermsFields values={values.paymentTerms} />
      <PackageTaxFields values={values} taxes={taxes} />
    </>
  );
}
