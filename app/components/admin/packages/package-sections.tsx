import { memo } from "react";
import type { PackageEditorValues } from "~/lib/package-editor-values";
import { BasicsFields } from "./basics-section";
import { GroupDatesField, ReviewsField } from "./editor-lists";
import { EditorInput } from "./editor-field";
import { EditorSection } from "./editor-sections";
import { ItineraryBuilder } from "./itinerary-builder";
import styles from "./package-editor.module.css";
import { BrochureUploader } from "./package-uploads";
import { PhotosSection } from "./photos-section";
import { PricesFields } from "./prices-section";
import { SeoPublishingFields } from "./seo-section";
import { StringListField } from "./string-list-field";
import { PackageTermsFields } from "./terms-section";
import type { PackageTermsOverride } from "~/lib/package-terms-schema";
import type { TaxRates } from "~/lib/price";

/**
 * The package's ten sections, inside the editor's form. Memoised: the
 * editor re-rendering (unsaved changes, saving) leaves the fields alone, so
 * the first key press of an edit stays quick.
 */
export const PackageSections = memo(function PackageSections({
  values,
  previews,
  alts,
  missing,
  siteTerms,
  reporter,
  initial,
  brochureError,
  onBrochureChange,
  brochurePreview,
  taxes,
}: {
  values: PackageEditorValues;
  previews: Record<string, string>;
  alts: Record<string, string>;
  missing: string[];
  siteTerms: PackageTermsOverride;
  reporter: (name: string) => (busy: boolean) => void;
  /** The section shown before the script runs (the first, or the first with an error). */
  initial: string;
  brochureError?: string;
  onBrochureChange: () => void;
  /** The generated brochure of a stored package, with its draft changes (ADR 042). */
  brochurePreview?: string;
  /** The tax rates in force, for the price's tax note. */
  taxes: TaxRates;
}) {
  const image = (key: string) => ({
    key,
    url: previews[key] ?? (/^(https?:)?\//.test(key) ? key : undefined),
  });
  return (
    <>
      <EditorSection id="basics" title="Basics" initial={initial === "basics"}>
        <BasicsFields values={values} />
      </EditorSection>
      <EditorSection id="prices" title="Prices" initial={initial === "prices"}>
        <PricesFields values={values} taxes={taxes} />
      </EditorSection>
      <EditorSection id="highlights" title="Highlights & inclusions" initial={initial === "highlights"}>
        <StringListField name="highlights" title="Highlights" itemLabel="Highlight" initial={values.highlights} />
        <StringListField name="included" title="Included" itemLabel="Included item" initial={values.included} />
        <StringListField name="excluded" title="Excluded" itemLabel="Excluded item" initial={values.excluded} />
      </EditorSection>
      <EditorSection id="itinerary" title="Itinerary" initial={initial === "itinerary"}>
        <ItineraryBuilder initial={values.itinerary} previews={previews} reporter={reporter} />
      </EditorSection>
      <EditorSection id="departures" title="Departures" initial={initial === "departures"}>
        <GroupDatesField initial={values.groupDates} />
      </EditorSection>
      <EditorSection id="photos" title="Photos" initial={initial === "photos"}>
        <PhotosSection thumbnail={values.thumbnail ? image(values.thumbnail) : null} gallery={values.gallery.map(image)} alts={alts} reporter={reporter} />
      </EditorSection>
      <EditorSection id="brochure" title="Brochure" initial={initial === "brochure"}>
        <BrochureUploader
          initial={values.brochureUrl}
          error={brochureError}
          onChange={onBrochureChange}
          onBusyChange={reporter("brochure")}
          preview={brochurePreview}
        />
      </EditorSection>
      <EditorSection id="terms" title="Terms" initial={initial === "terms"}>
        <PackageTermsFields initial={values.termsOverride} siteTerms={siteTerms} />
      </EditorSection>
      <EditorSection id="reviews" title="Reviews" initial={initial === "reviews"}>
        <div className={styles.grid2}>
          <EditorInput
            name="ratingStars"
            label="Rating (0 to 5)"
            type="number"
            inputMode="decimal"
            min={0}
            max={5}
            step={0.1}
            defaultValue={values.ratingStars}
          />
          <EditorInput name="ratingCount" label="Number of ratings" type="number" inputMode="numeric" min={0} defaultValue={values.ratingCount} />
        </div>
        <ReviewsField initial={values.reviews} />
      </EditorSection>
      <EditorSection id="seo" title="SEO & publishing" initial={initial === "seo"}>
        <SeoPublishingFields values={values} missing={missing} />
      </EditorSection>
    </>
  );
});
