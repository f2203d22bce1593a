import { useState } from "react";
import { Form, Link } from "react-router";
import { TextField } from "~/components/ui/form-field";
import type { PackageEditorValues } from "~/lib/package-editor-values";
import type { EditorRevisionState } from "~/lib/revisions";
import { taxNote } from "~/lib/price";
import { adminUi, Panel } from "../admin-page";
import { EditorColumns, editorUi, SaveButton, ViewOnSiteLink } from "../editor-layout";
import { type EditorActionData, useDerivedSlug, useEditorForm } from "../use-editor-form";
import { ConfirmAction } from "../confirm-dialog";
import { EditorNotices } from "../history/editor-notices";
import { HistoryPanel } from "../history/history-panel";
import { PublishControls } from "../history/publish-controls";
import { EditorContext } from "./editor-context";
import { EditorInput, EditorSelect, EditorTextArea, PublishStatusField } from "./editor-field";
import { GroupDatesField, PriceOptionsField, ReviewsField } from "./editor-lists";
import { ImagesField } from "./images-field";
import { ItineraryBuilder } from "./itinerary-builder";
import styles from "./package-editor.module.css";
import { BrochureUploader, ImageUploader } from "./package-uploads";
import { PriceFields } from "./price-fields";
import { StringListField } from "./string-list-field";
import { UnsavedChangesGuard } from "./use-unsaved-guard";

export type PackageEditorProps = {
  /** Null for a new package. */
  id: number | null;
  /** The public address, for a stored package. */
  publicPath?: string;
  values: PackageEditorValues;
  previews: Record<string, string>;
  /** What publishing still needs (labels), from the stored package. */
  missing: string[];
  actionData?: EditorActionData;
  /** A stored package's version, draft changes, schedule, presence and History (ADR 037), and whether it is live. */
  stored?: { state: EditorRevisionState; live: boolean };
};

const FORM_ID = "package-editor";

/** Delete: the shared confirm dialog, asking for the package's exact title. */
function DeletePackage({ title, disabled }: { title: string; disabled: boolean }) {
  return (
    <ConfirmAction
      triggerLabel="Delete Package"
      title="Delete this package?"
      description={
        <p>
          This removes <strong>{title}</strong> from the website for good. Type the package title to confirm.
        </p>
      }
      confirmLabel="Delete Package"
      tone="danger"
      disabled={disabled}
    >
      <input type="hidden" name="intent" value="delete" />
      <TextField idPrefix="delete-" name="confirmTitle" label="Package title" autoComplete="off" required />
    </ConfirmAction>
  );
}

/**
 * The package editor: one screen, details left and images right (stacked on
 * a phone). Lists are edited in the page; the whole form posts once, and the
 * shared schema's errors come back inline under their fields.
 */
export function PackageEditor({ id, publicPath, values, previews, missing, actionData, stored }: PackageEditorProps) {
  const { dirty, markDirty, saving, uploading, reporter, formRef, errors } = useEditorForm(actionData, { startDirty: Boolean(stored?.state.restoring) });
  const editorPath = `/admin/packages/${id}`;
  const { slug, followTitle, editSlug } = useDerivedSlug(values.slug);
  const [region, setRegion] = useState(values.region);

  const image = (key: string) => ({ key, url: previews[key] ?? (/^(https?:)?\//.test(key) ? key : undefined) });

  // Publishing (with the save button) and the images: the column that stays in view.
  const side = (
    <>
      <Panel title="Publishing">
        <div className={editorUi.stack}>
          <PublishStatusField defaultValue={values.status} />
          {missing.length > 0 ? (
            <div className={styles.missing}>
              To publish, this package still needs:
              <ul>
                {missing.map((label) => (
                  <li key={label}>{label}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <label className={styles.check}>
            <input type="checkbox" name="featured" defaultChecked={values.featured} /> Featured on home
          </label>
          <p className={styles.hint}>
            A newly featured package joins the end of the carousel. <Link to="/admin/packages/featured">Change the carousel order</Link>
          </p>
          <EditorInput name="sortOrder" label="Sort order" type="number" inputMode="numeric" hint="Lower numbers come first." defaultValue={values.sortOrder} />
          <EditorInput name="seoTitle" label="SEO title" maxLength={120} defaultValue={values.seoTitle} />
          <EditorTextArea name="seoDescription" label="SEO description" rows={3} maxLength={320} defaultValue={values.seoDescription} />
          <div className={styles.saveBar}>
            <SaveButton label={id === null ? "Create Package" : stored?.live && stored.state.draft ? "Publish changes" : "Update Package"} saving={saving} uploading={uploading} />
            {uploading ? <span className={adminUi.muted}>Waiting for uploads to finish…</span> : null}
            {dirty ? <span className={adminUi.muted}>Unsaved changes</span> : null}
          </div>
          {id !== null && stored ? (
            <PublishControls
              formId={FORM_ID}
              noun="package"
              version={stored.state.version}
              live={stored.live}
              draft={stored.state.draft}
              schedule={stored.state.schedule}
              previewPath={`${publicPath}?preview=changes`}
              disabled={saving || uploading}
            />
          ) : null}
        </div>
      </Panel>
      <ImagesField
        name="thumbnail"
        label="Thumbnail"
        initial={values.thumbnail ? [image(values.thumbnail)] : []}
        uploader={(add) => <ImageUploader label="Upload a thumbnail" add={add} onBusyChange={reporter("thumbnail")} />}
      />
      <ImagesField
        name="gallery"
        label="Gallery"
        multiple
        initial={values.gallery.map(image)}
        uploader={(add) => <ImageUploader label="Upload gallery images" multiple add={add} onBusyChange={reporter("gallery")} />}
      />
      {id !== null && stored ? <HistoryPanel history={stored.state.history} editorPath={editorPath} /> : null}
    </>
  );

  return (
    <EditorContext.Provider value={{ errors, markDirty }}>
      <UnsavedChangesGuard dirty={dirty} />
      {id !== null ? (
        <div className={styles.topBar}>
          {publicPath ? <ViewOnSiteLink to={publicPath} /> : null}
          <DeletePackage title={values.title} disabled={saving} />
        </div>
      ) : null}
      {id !== null && stored ? (
        <EditorNotices type="package" id={id} noun="package" formId={FORM_ID} editorPath={editorPath} state={stored.state} actionData={actionData} />
      ) : null}
      <Form id={FORM_ID} method="post" ref={formRef} noValidate onChange={markDirty} aria-label={id === null ? "New package" : `Edit ${values.title}`}>
        <EditorColumns stickySide side={side}>
          <Panel title="Basics">
            <div className={editorUi.stack}>
              <EditorInput name="title" label="Title" required maxLength={200} defaultValue={values.title} onChange={(event) => followTitle(event.target.value)} />
              <EditorInput
                name="slug"
                label="Address (slug)"
                hint={`The page's address: /packages/${slug || "…"}. Made from the title until you change it.`}
                maxLength={80}
                value={slug}
                onChange={(event) => editSlug(event.target.value)}
              />
              <div className={styles.grid2}>
                <EditorInput name="country" label="Country" maxLength={80} defaultValue={values.country} />
                <EditorSelect
                  name="region"
                  label="Region"
                  value={region}
                  onChange={(event) => setRegion(event.target.value as PackageEditorValues["region"])}
                  options={[
                    { value: "", label: "Choose…" },
                    { value: "international", label: "International" },
                    { value: "national", label: "National (India)" },
                  ]}
                />
                <EditorInput name="category" label="Category" maxLength={60} defaultValue={values.category} />
                <EditorInput name="days" label="Days" type="number" inputMode="numeric" min={1} max={90} defaultValue={values.days} />
                <EditorInput name="nights" label="Nights" type="number" inputMode="numeric" min={0} max={90} defaultValue={values.nights} />
              </div>
              <EditorTextArea name="description" label="Short description" rows={3} maxLength={600} defaultValue={values.description} />
              <EditorTextArea name="longDescription" label="Long description" rows={8} defaultValue={values.longDescription} />
            </div>
          </Panel>

          <Panel title="Prices">
            <PriceFields values={values} />
            <p className={styles.note}>{region ? `Shown with “${taxNote(region)}”.` : "The tax note (GST, and TCS abroad) follows the region."}</p>
            <PriceOptionsField initial={values.priceOptions} />
          </Panel>

          <Panel title="Highlights, included and excluded">
            <div className={editorUi.stack}>
              <StringListField name="highlights" title="Highlights" itemLabel="Highlight" initial={values.highlights} />
              <StringListField name="included" title="Included" itemLabel="Included item" initial={values.included} />
              <StringListField name="excluded" title="Excluded" itemLabel="Excluded item" initial={values.excluded} />
            </div>
          </Panel>

          <Panel title="Itinerary">
            <ItineraryBuilder initial={values.itinerary} previews={previews} reporter={reporter} />
          </Panel>

          <Panel title="Group departures">
            <GroupDatesField initial={values.groupDates} />
          </Panel>

          <Panel title="Brochure">
            <BrochureUploader initial={values.brochureUrl} error={errors.brochureUrl?.[0] ?? undefined} onChange={markDirty} onBusyChange={reporter("brochure")} />
          </Panel>

          <Panel title="Rating and reviews">
            <div className={styles.grid2}>
              <EditorInput name="ratingStars" label="Rating (0 to 5)" type="number" inputMode="decimal" min={0} max={5} step={0.1} defaultValue={values.ratingStars} />
              <EditorInput name="ratingCount" label="Number of ratings" type="number" inputMode="numeric" min={0} defaultValue={values.ratingCount} />
            </div>
            <ReviewsField initial={values.reviews} />
          </Panel>
        </EditorColumns>
      </Form>
    </EditorContext.Provider>
  );
}
