import { Form } from "react-router";
import { OVERSEAS_PLACE_OF_SUPPLY, SERIES_PREFIX_FIELDS, type BusinessSettingsFormValues } from "~/lib/business-settings-schema";
import { INDIAN_STATES } from "~/lib/indian-states";
import { adminUi, Panel } from "../admin-page";
import { FormSaveBar } from "../form-save-bar";
import { ConflictNotice } from "../history/conflict-notice";
import { EditorContext } from "../packages/editor-context";
import { EditorInput, EditorSelect, EditorTextArea } from "../packages/editor-field";
import { UnsavedChangesGuard } from "../packages/use-unsaved-guard";
import { type EditorActionData, useEditorForm } from "../use-editor-form";
import styles from "./settings-form.module.css";

const FORM_ID = "business-settings";

const STATE_OPTIONS = [
  { value: "", label: "Choose a state" },
  ...INDIAN_STATES.map((state) => ({
    value: state.code,
    label: `${state.name} (GST state code ${state.code})`,
  })),
];

/**
 * Settings → Business and tax (issue 47): what every tax document prints of
 * the agency, checked as the admin saves (a GSTIN's check character and
 * state, a PAN's shape), and how the document series are numbered.
 */
export function BusinessForm({ values, version, actionData }: { values: BusinessSettingsFormValues; version: number; actionData?: EditorActionData }) {
  const { dirty, markDirty, saving, formRef, errors } = useEditorForm(actionData);
  return (
    <EditorContext.Provider value={{ errors, markDirty }}>
      <UnsavedChangesGuard dirty={dirty} what="page" />
      {actionData?.conflict ? <ConflictNotice conflict={actionData.conflict} noun="settings" formId={FORM_ID} editorPath="/admin/settings/business" /> : null}
      <Form id={FORM_ID} method="post" ref={formRef} noValidate onChange={markDirty} aria-label="Business and tax">
        <input type="hidden" name="baseVersion" value={version} />
        <input type="hidden" name="intent" value="save" />
        <div className={styles.fieldset}>
          <Panel title="The agency on tax documents" id="business">
            <p className={adminUi.muted}>
              Every receipt voucher, tax invoice, refund voucher and credit note prints these. Documents already issued keep what they printed.
            </p>
            <div className={styles.grid}>
              <EditorInput
                name="businessLegalName"
                label="Legal name"
                required
                maxLength={120}
                autoComplete="organization"
                hint="As on the GST registration, e.g. Pravas Holidays Private Limited."
                defaultValue={values.businessLegalName}
              />
              <EditorSelect
                name="businessStateCode"
                label="State"
                required
                options={STATE_OPTIONS}
                hint="The address's state; its code starts the GSTIN."
                defaultValue={values.businessStateCode}
              />
            </div>
            <div className={styles.stack}>
              <EditorTextArea
                name="businessAddress"
                label="Address"
                required
                rows={3}
                maxLength={400}
                autoComplete="street-address"
                defaultValue={values.businessAddress}
              />
            </div>
            <div className={styles.grid}>
              <EditorInput
                name="gstin"
                label="GSTIN (optional until documents are issued)"
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="characters"
                maxLength={20}
                hint="15 characters, like 27AAPFU0939F1ZV: the state code, the PAN, a character, Z and a check character."
                defaultValue={values.gstin}
              />
              <EditorInput
                name="pan"
                label="PAN (optional)"
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="characters"
                maxLength={14}
                hint="10 characters, like AAPFU0939F; with a GSTIN, its characters 3 to 12."
                defaultValue={values.pan}
              />
            </div>
          </Panel>
          <Panel title="Document numbers" id="series">
            <p className={adminUi.muted}>
              Each series is numbered from 1 every financial year, like PRV/26-27/00042. A prefix is 1 to 4 capital letters or digits, and each series has its
              own.
            </p>
            <div className={styles.grid}>
              {SERIES_PREFIX_FIELDS.map((field) => (
                <EditorInput
                  key={field.name}
                  name={field.name}
                  label={`${field.label}: prefix`}
                  required
                  maxLength={4}
                  autoComplete="off"
                  spellCheck={false}
                  autoCapitalize="characters"
                  defaultValue={values[field.name]}
                />
              ))}
            </div>
          </Panel>
          <Panel title="Tax choices" id="tax-choices">
            <EditorSelect
              name="overseasPlaceOfSupply"
              label="Place of supply of an overseas tour"
              options={Object.entries(OVERSEAS_PLACE_OF_SUPPLY).map(([value, label]) => ({ value, label }))}
              hint="Accountants differ on tours abroad: ask yours. Domestic tours always use the traveller's state."
              defaultValue={values.overseasPlaceOfSupply}
            />
            <label className={styles.check}>
              <input type="checkbox" name="autoReceiptVouchers" defaultChecked={values.autoReceiptVouchers} /> Issue a receipt voucher by itself when a payment
              is recorded before the tax invoice
            </label>
          </Panel>
        </div>
        <FormSaveBar label="Save business details" saving={saving} dirty={dirty} />
      </Form>
    </EditorContext.Provider>
  );
}
