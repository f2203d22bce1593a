import { useCallback, useMemo, useState } from "react";
import { Form } from "react-router";
import { TextField } from "~/components/ui/form-field";
import { PACKAGE_SECTIONS, sectionOfField } from "~/lib/package-checks";
import type { PackageEditorValues } from "~/lib/package-editor-values";
import { snapshotFromValues } from "~/lib/package-snapshot";
import { ConfirmAction } from "../confirm-dialog";
import { SaveButton, ViewOnSiteLink } from "../editor-layout";
import { type EditorActionData, useEditorForm } from "../use-editor-form";
import type { EditorRevisionState } from "~/lib/revisions";
import { EditorNotices } from "../history/editor-notices";
import { EditorContext } from "./editor-context";
import { ActiveSectionInput, EditorSection, EditorUiContext, SectionNav, SectionsFrame, type SectionSpec } from "./editor-sections";
import { PackageSections } from "./package-sections";
import sectionStyles from "./editor-sections.module.css";
import { DuplicatePackage } from "./duplicate-package";
import styles from "./package-editor.module.css";
import { SaveBar } from "./save-bar";
import { UndoProvider } from "./undo-notice";
import { PackageOverviewContext, useFormOverview } from "./use-form-snapshot";
import { firstErrorSection, useSectionErrors } from "./use-section-errors";
import { useSaveShortcut } from "./use-save-shortcut";
import { UnsavedChangesGuard } from "./use-unsaved-guard";
import { useSectionState } from "./use-section-state";
import { revisionSections } from "./revision-sections";
import { packageValuesFromFields } from "~/lib/package-editor-values";
import type { PackageTermsOverride } from "~/lib/package-terms-schema";
import type { TaxRates } from "~/lib/price";
import { DraftOffer } from "../draft-offer";
import { useFormDraft, useRestoredCopy } from "../use-form-draft";

type PackageEditorProps = {
  /** Null for a new package. */
  id: number | null;
  /** The public address, for a stored package. */
  publicPath?: string;
  values: PackageEditorValues;
  previews: Record<string, string>;
  /** Stored alt texts of the package's photos, by media key. */
  alts: Record<string, string>;
  /** What publishing still needs (labels), from the stored package. */
  missing: string[];
  /** The site-wide terms, which the Terms section's "own terms" start from. */
  siteTerms: PackageTermsOverride;
  /** When the package was last saved, formatted by the server; null for a new one. */
  savedAt: string | null;
  /** Today in Indian time (yyyy-mm-dd), from the server, for the departure check. */
  today: string;
  /** The tax settings, for the check of rates written in the package's text (issue 49). */
  taxes: TaxRates;
  actionData?: EditorActionData;
  /** A stored package's version, draft changes, schedule, presence and History (ADR 037), and whether it is live. */
  stored?: { state: EditorRevisionState; live: boolean };
  /** When the stored package was last written (ISO): a browser copy older than this is stale. */
  storedAt?: string | null;
};

const FORM_ID = "package-editor";
const SAVE_ID = "package-save";

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

const SECTION_ORDER: readonly string[] = PACKAGE_SECTIONS.map((section) => section.id);

/**
 * The package editor (ADR 038, after 026): one form in sections, one shown at a
 * time, with a sticky section navigation (badges from the form as it stands)
 * and a sticky save bar (Ctrl+S, unsaved state, last saved, checks, Undo).
 * The whole form posts once; the schema's errors come back inline, and the
 * section with the first one opens.
 */
export function PackageEditor(props: PackageEditorProps) {
  // A browser copy restored (ADR 040): the editor starts again from it, as unsaved changes.
  const copy = useRestoredCopy(props.values, packageValuesFromFields);
  return <PackageEditorForm {...props} key={copy.key} values={copy.values} restoredCopy={copy.restoredCopy} onRestore={copy.onRestore} />;
}

type PackageEditorFormProps = PackageEditorProps & {
  restoredCopy: boolean;
  onRestore: (fields: [string, string][], form: HTMLFormElement, savedAt: string) => void;
};

function PackageEditorForm(props: PackageEditorFormProps) {
  const { id, publicPath, values, previews, alts, missing, siteTerms, savedAt, today, taxes, actionData, stored, storedAt, restoredCopy, onRestore } = props;
  const { dirty, setDirty, saving, uploading, reporter, formRef, errors } = useEditorForm(actionData, {
    startDirty: Boolean(stored?.state.restoring) || restoredCopy,
    anchorOf: sectionOfField,
  });
  const draft = useFormDraft(formRef, {
    entity: `package:${id ?? "new"}`,
    storedAt,
    savedMarker: stored ? `${stored.state.version}:${stored.state.draft?.savedAt ?? ""}` : undefined,
    restore: onRestore,
    offer: !restoredCopy,
    skip: (name) => name === "baseVersion" || name === "section" || name === "intent",
    createdFrom:
      id === null
        ? undefined
        : {
            entity: "package:new",
            matches: (fields) => fields.some(([name, value]) => name === "title" && value.trim() === values.title),
          },
  });
  const errorSection = firstErrorSection(errors, SECTION_ORDER, sectionOfField);
  const sections = useSectionState(errorSection ?? "basics");
  const [initialSnapshot] = useState(() => snapshotFromValues(values, alts));
  const facts = useMemo(() => ({ today, taxes }), [today, taxes]);
  const overview = useFormOverview(formRef, initialSnapshot, facts);
  const { refresh } = overview;
  const markChanged = useCallback(() => {
    setDirty(true);
    refresh();
  }, [setDirty, refresh]);
  useSaveShortcut(FORM_ID, SAVE_ID);

  useSectionErrors(formRef, actionData?.errors, sections, SECTION_ORDER, sectionOfField);

  const ui = useMemo(() => ({ sections, overview: overview.store, sectionOf: sectionOfField }), [sections, overview.store]);
  const editor = useMemo(() => ({ errors, markDirty: markChanged }), [errors, markChanged]);
  const editorPath = `/admin/packages/${id}`;
  const revisions =
    id !== null && stored
      ? revisionSections({
          formId: FORM_ID,
          state: stored.state,
          live: stored.live,
          editorPath,
          previewPath: `${publicPath}?preview=changes`,
          disabled: saving || uploading,
        })
      : { saveBarActions: null, extraSections: [] };
  const { saveBarActions, extraSections } = revisions;
  const navSections: SectionSpec[] = [...PACKAGE_SECTIONS, ...extraSections];
  const initial = errorSection ?? "basics";

  return (
    <EditorContext.Provider value={editor}>
      <EditorUiContext.Provider value={ui}>
        <PackageOverviewContext.Provider value={overview.store}>
          <UndoProvider>
            <UnsavedChangesGuard dirty={dirty} />
            {id !== null ? (
              <div className={styles.topBar}>
                {publicPath ? <ViewOnSiteLink to={publicPath} /> : null}
                <DuplicatePackage title={values.title} dirty={dirty} disabled={saving} />
                <DeletePackage title={values.title} disabled={saving} />
              </div>
            ) : null}
            {id !== null && stored ? (
              <EditorNotices type="package" id={id} noun="package" formId={FORM_ID} editorPath={editorPath} state={stored.state} actionData={actionData} />
            ) : null}
            {draft.offer ? <DraftOffer savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} /> : null}
            <div className={sectionStyles.layout}>
              <SectionNav label="Package sections" sections={navSections} />
              <SectionsFrame>
                <Form
                  id={FORM_ID}
                  method="post"
                  ref={formRef}
                  noValidate
                  onChange={markChanged}
                  aria-label={id === null ? "New package" : `Edit ${values.title}`}
                >
                  <ActiveSectionInput />
                  <PackageSections
                    values={values}
                    previews={previews}
                    alts={alts}
                    missing={missing}
                    siteTerms={siteTerms}
                    reporter={reporter}
                    initial={initial}
                    brochureError={errors.brochureUrl?.[0] ?? undefined}
                    onBrochureChange={markChanged}
                    brochurePreview={publicPath ? `${publicPath}/brochure.pdf?preview=changes` : undefined}
                    taxes={taxes}
                  />
                </Form>
                {/* Extra panels (e.g. History) are sections too, outside the form (forms do not nest); the navigation lists them last. */}
                {extraSections.map((section) => (
                  <EditorSection key={section.id} id={section.id} title={section.title} initial={initial === section.id}>
                    {section.content}
                  </EditorSection>
                ))}
              </SectionsFrame>
            </div>
            <SaveBar
              saveButton={
                <SaveButton
                  id={SAVE_ID}
                  form={FORM_ID}
                  label={id === null ? "Create Package" : stored?.live && stored.state.draft ? "Publish changes" : "Update Package"}
                  saving={saving}
                  uploading={uploading}
                  keyShortcuts="Control+S Meta+S"
                />
              }
              dirty={dirty}
              uploading={uploading}
              savedAt={savedAt}
              actions={saveBarActions}
              conflict={actionData?.conflict && !saving ? "package" : undefined}
            />
          </UndoProvider>
        </PackageOverviewContext.Provider>
      </EditorUiContext.Provider>
    </EditorContext.Provider>
  );
}
