import { useCallback, useState } from "react";
import { Form, Link } from "react-router";
import { taxNote, type TaxRates } from "~/lib/price";
import type { SiteSettingsFormValues } from "~/lib/site-settings-schema";
import type { PaymentGatewayStatus } from "~/server/payment/gateway-from-env.server";
import { adminUi, Panel } from "../admin-page";
import { DraftOffer } from "../draft-offer";
import { FormSaveBar } from "../form-save-bar";
import { ConflictNotice } from "../history/conflict-notice";
import { EditorContext } from "../packages/editor-context";
import { EditorInput, EditorTextArea } from "../packages/editor-field";
import { UnsavedChangesGuard } from "../packages/use-unsaved-guard";
import { type EditorActionData, useEditorForm } from "../use-editor-form";
import { useFormDraft } from "../use-form-draft";
import { PaymentsPanel } from "./payments-panel";
import styles from "./settings-form.module.css";

const FORM_ID = "site-settings";

type SettingsFormProps = {
  values: SiteSettingsFormValues;
  version: number;
  storedAt: string;
  gateway: PaymentGatewayStatus;
  /** The rates the price notes say today (the tax rules in force). */
  taxes: TaxRates;
  actionData?: EditorActionData;
};

/** The form's values from a browser copy of it (useFormDraft). */
function valuesFromFields(fields: [string, string][], fallback: SiteSettingsFormValues): SiteSettingsFormValues {
  const sent = new Map(fields);
  const values = { ...fallback };
  for (const key of Object.keys(fallback) as (keyof SiteSettingsFormValues)[]) {
    if (key === "leadPopupEnabled") values.leadPopupEnabled = sent.get(key) === "on";
    else values[key] = sent.get(key) ?? "";
  }
  return values;
}

/**
 * The site settings (ADR 041): contacts, where enquiry e-mails go, taxes and
 * the lead popup, one form saved at once (admins only).
 */
export function SettingsForm(props: SettingsFormProps) {
  const [restored, setRestored] = useState<{
    values: SiteSettingsFormValues;
    savedAt: string;
  } | null>(null);
  const { values } = props;
  const onRestore = useCallback(
    (fields: [string, string][], _form: HTMLFormElement, savedAt: string) => setRestored({ values: valuesFromFields(fields, values), savedAt }),
    [values],
  );
  return (
    <SettingsFields key={restored?.savedAt ?? "stored"} {...props} values={restored?.values ?? values} restoredCopy={restored !== null} onRestore={onRestore} />
  );
}

function SettingsFields({
  values,
  version,
  storedAt,
  gateway,
  taxes,
  actionData,
  restoredCopy,
  onRestore,
}: SettingsFormProps & {
  restoredCopy: boolean;
  onRestore: (fields: [string, string][], form: HTMLFormElement, savedAt: string) => void;
}) {
  const { dirty, markDirty, saving, formRef, errors } = useEditorForm(actionData, { startDirty: restoredCopy });
  const draft = useFormDraft(formRef, {
    entity: "settings:site",
    storedAt,
    savedMarker: version,
    restore: onRestore,
    offer: !restoredCopy,
    skip: (name) => name === "baseVersion",
  });
  return (
    <EditorContext.Provider value={{ errors, markDirty }}>
      <UnsavedChangesGuard dirty={dirty} what="page" />
      {actionData?.conflict ? <ConflictNotice conflict={actionData.conflict} noun="settings" formId={FORM_ID} editorPath="/admin/settings" /> : null}
      {draft.offer ? <DraftOffer savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} /> : null}
      <Form id={FORM_ID} method="post" ref={formRef} noValidate onChange={markDirty} aria-label="Site settings">
        <input type="hidden" name="baseVersion" value={version} />
        <div className={styles.fieldset}>
          <Panel title="Contacts">
            <div className={styles.grid}>
              <EditorInput name="brandName" label="Agency name" required maxLength={80} defaultValue={values.brandName} />
              <EditorInput name="email" label="E-mail" type="email" required maxLength={200} defaultValue={values.email} />
              <EditorInput
                name="phonePrimary"
                label="Phone"
                type="tel"
                required
                hint="An Indian number, or + and the country code."
                defaultValue={values.phonePrimary}
              />
              <EditorInput name="phoneSecondary" label="Second phone (optional)" type="tel" defaultValue={values.phoneSecondary} />
              <EditorInput name="whatsappNumber" label="WhatsApp number" type="tel" required defaultValue={values.whatsappNumber} />
              <EditorInput name="instagramUrl" label="Instagram (https://…)" type="url" defaultValue={values.instagramUrl} />
              <EditorInput name="linkedinUrl" label="LinkedIn (https://…)" type="url" defaultValue={values.linkedinUrl} />
              <EditorInput name="websiteUrl" label="Website (https://…)" type="url" defaultValue={values.websiteUrl} />
            </div>
            <div className={styles.stack}>
              <EditorTextArea
                name="whatsappMessage"
                label="WhatsApp message"
                hint="A chat from the site's buttons starts with it."
                rows={2}
                maxLength={300}
                defaultValue={values.whatsappMessage}
              />
              <EditorTextArea
                name="whatsappPackageMessage"
                label="WhatsApp message on a package page"
                hint="{package} becomes the package's name."
                rows={2}
                maxLength={300}
                defaultValue={values.whatsappPackageMessage}
              />
              <EditorTextArea name="footerDescription" label="Footer description" rows={3} maxLength={600} defaultValue={values.footerDescription} />
            </div>
          </Panel>
          <Panel title="Enquiry e-mails">
            <EditorInput
              name="notifyEmail"
              label="Send enquiry e-mails to (optional)"
              type="email"
              hint="Empty: the NOTIFY_EMAIL the server started with, else the agency's e-mail above."
              defaultValue={values.notifyEmail}
            />
          </Panel>
          <Panel title="Taxes">
            <p className={adminUi.muted}>
              Every price on the website, its search data and its brochure says the rates of the tax rules in force, today “
              {taxNote({ taxScheme: "package", overseas: true }, taxes)}” on an overseas tour package (18% GST on a package charged on a service charge). The
              rates are tax rules with the dates they take effect: <Link to="/admin/settings/business#tax-rules">change them in Business and tax</Link>.
            </p>
            <div className={styles.grid}>
              <EditorInput name="gstLabel" label="GST wording" required maxLength={20} defaultValue={values.gstLabel} />
              <EditorInput name="tcsLabel" label="TCS wording" required maxLength={20} defaultValue={values.tcsLabel} />
            </div>
          </Panel>
          <Panel title="Bookings">
            <EditorInput
              name="bookingHoldHours"
              label="Hold seats for (hours)"
              type="number"
              inputMode="numeric"
              min={1}
              max={720}
              required
              hint="A held booking keeps its seats this long, then they go back on sale (unless it is confirmed or the deadline is moved)."
              defaultValue={values.bookingHoldHours}
            />
          </Panel>
          <PaymentsPanel values={values} gateway={gateway} />
          <Panel title="Lead popup">
            <label className={styles.check}>
              <input type="checkbox" name="leadPopupEnabled" defaultChecked={values.leadPopupEnabled} /> Show the lead popup to visitors (15 s after a page
              opens; again 15 min after it is closed)
            </label>
          </Panel>
        </div>
        <FormSaveBar label="Save settings" saving={saving} dirty={dirty} />
      </Form>
    </EditorContext.Provider>
  );
}
