import { useCallback, useState } from "react";
import { Form } from "react-router";
import { bookingValuesFromFields, type BookingFormValues } from "~/lib/booking-form-values";
import { adminUi, Panel } from "../admin-page";
import { DraftOffer } from "../draft-offer";
import { FormSaveBar } from "../form-save-bar";
import { ConflictNotice } from "../history/conflict-notice";
import { EditorContext } from "../packages/editor-context";
import { EditorInput, EditorSelect, EditorTextArea } from "../packages/editor-field";
import { UnsavedChangesGuard } from "../packages/use-unsaved-guard";
import { type EditorActionData, useEditorForm } from "../use-editor-form";
import { useFormDraft } from "../use-form-draft";
import { LeadSection, PriceSection, StartSection, TravellersSection, TripSection, type BookablePackage } from "./booking-form-sections";
import styles from "./bookings.module.css";

export const BOOKING_FORM_ID = "booking-form";

export type BookingFormProps = {
  /** A stored booking's reference and version; absent for a new one. */
  stored?: { reference: string; version: number; updatedAt: string; held: boolean; basis: string; enquiry: string | null };
  packages: BookablePackage[];
  values: BookingFormValues;
  /** A new hold's default deadline (`datetime-local`, Indian time), from the setting. */
  defaultHold: string;
  /** The seats refused for want of room (409): the form offers the waitlist. */
  full?: boolean;
  actionData?: EditorActionData;
};

/** The browser copy's key of a new booking's form: by the enquiry or package it was opened for. */
const newBookingDraft = (from: string) => `booking:new:${from || "blank"}`;

const num = (text: string) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 50) : 0;
};

/**
 * A booking's form (ADR 088), new or stored: trip, lead traveller, travellers,
 * price, and for a new one how it starts. The package editor's protections:
 * inline errors listed in a notice, a save based on an older version refused
 * with the conflict notice, a browser copy of unsaved changes, and a prompt
 * before leaving with them.
 */
export function BookingForm(props: BookingFormProps) {
  const [restored, setRestored] = useState<{ values: BookingFormValues; savedAt: string } | null>(null);
  const { values } = props;
  const onRestore = useCallback(
    (fields: [string, string][], _form: HTMLFormElement, savedAt: string) => setRestored({ values: bookingValuesFromFields(fields, values), savedAt }),
    [values],
  );
  return (
    <BookingFields key={restored?.savedAt ?? "stored"} {...props} values={restored?.values ?? values} restoredCopy={restored !== null} onRestore={onRestore} />
  );
}

function BookingFields({
  stored,
  packages,
  values,
  defaultHold,
  full,
  actionData,
  restoredCopy,
  onRestore,
}: BookingFormProps & { restoredCopy: boolean; onRestore: (fields: [string, string][], form: HTMLFormElement, savedAt: string) => void }) {
  const { dirty, markDirty, saving, formRef, errors } = useEditorForm(actionData, { startDirty: restoredCopy });
  const [packageId, setPackageId] = useState(values.packageId);
  const [counts, setCounts] = useState({ adults: num(values.adults), childrenWithBed: num(values.childrenWithBed), childrenNoBed: num(values.childrenNoBed) });
  const draft = useFormDraft(formRef, {
    entity: stored ? `booking:${stored.reference}` : newBookingDraft(values.enquiry || values.packageId),
    storedAt: stored?.updatedAt ?? null,
    savedMarker: stored?.version,
    restore: onRestore,
    offer: !restoredCopy,
    skip: (name) => name === "baseVersion" || name === "enquiry",
    // The new-booking form's copy that made this booking is done (else the next new booking offered it back).
    createdFrom: stored
      ? {
          entity: [newBookingDraft(stored.enquiry ?? ""), newBookingDraft(values.packageId), newBookingDraft("")],
          matches: (fields) => fields.some(([name, value]) => name === "leadName" && value.trim() === values.leadName),
        }
      : undefined,
  });
  const pkg = packages.find((candidate) => String(candidate.id) === packageId) ?? null;
  const editorPath = stored ? `/admin/bookings/${stored.reference}` : "/admin/bookings/new";
  return (
    <EditorContext.Provider value={{ errors, markDirty }}>
      <UnsavedChangesGuard dirty={dirty} what="booking" />
      {actionData?.conflict ? <ConflictNotice conflict={actionData.conflict} noun="booking" formId={BOOKING_FORM_ID} editorPath={editorPath} /> : null}
      {draft.offer ? <DraftOffer savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} /> : null}
      <Form
        id={BOOKING_FORM_ID}
        method="post"
        ref={formRef}
        noValidate
        onChange={markDirty}
        aria-label={stored ? `Booking ${stored.reference}` : "New booking"}
        className={styles.form}
      >
        {stored ? <input type="hidden" name="baseVersion" value={stored.version} /> : null}
        {values.enquiry ? <input type="hidden" name="enquiry" value={values.enquiry} /> : null}
        {stored ? (
          <input type="hidden" name="packageId" value={values.packageId} />
        ) : (
          <Panel title="Package" id="booking-package">
            <PackageChoice packages={packages} value={packageId} onChange={setPackageId} />
          </Panel>
        )}
        <TripSection key={`trip-${packageId}`} pkg={pkg} values={values} lockedPackage={Boolean(stored)} />
        <LeadSection values={values} />
        <TravellersSection values={values} counts={counts} onCounts={setCounts} />
        <PriceSection key={`price-${packageId}`} pkg={pkg} values={values} counts={counts} keptBasis={stored?.basis} />
        {stored ? (
          stored.held ? (
            <Panel title="Hold" id="booking-hold">
              <EditorInput
                name="holdUntil"
                label="Hold until (Indian time)"
                type="datetime-local"
                defaultValue={values.holdUntil}
                hint="Move it to give the traveller longer."
              />
            </Panel>
          ) : null
        ) : (
          <StartSection values={values} defaultHold={defaultHold} />
        )}
        <Panel title="Notes" id="booking-notes">
          <EditorTextArea name="notes" label="Notes for the team" rows={4} maxLength={5000} defaultValue={values.notes} />
        </Panel>
        <FormSaveBar label={stored ? "Save booking" : "Make the booking"} saving={saving} dirty={dirty}>
          {full && !stored ? (
            <button type="submit" name="intent" value="waitlist" className={adminUi.button}>
              Put it on the waitlist
            </button>
          ) : null}
        </FormSaveBar>
      </Form>
    </EditorContext.Provider>
  );
}

/** The package of a new booking: its departures and prices follow the choice. */
function PackageChoice({ packages, value, onChange }: { packages: BookablePackage[]; value: string; onChange: (value: string) => void }) {
  const options = [{ value: "", label: "Choose a package" }, ...packages.map((pkg) => ({ value: String(pkg.id), label: pkg.title }))];
  return (
    <div className={styles.grid}>
      <EditorSelect name="packageId" label="Package" options={options} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
