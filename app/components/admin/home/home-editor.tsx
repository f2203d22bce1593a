import { memo, useCallback, useMemo, useState } from "react";
import { Form } from "react-router";
import {
  HOME_SECTIONS,
  homeRowCounts,
  homeSectionBadges,
  homeSectionOfField,
  homeSectionOfType,
  homeValuesFromFields,
  type HomeEditorValues,
} from "~/lib/home-sections";
import type { RevisionSummary } from "~/lib/revisions";
import { DraftOffer } from "../draft-offer";
import { SaveButton } from "../editor-layout";
import { ConflictNotice } from "../history/conflict-notice";
import { HistoryPanel } from "../history/history-panel";
import { RestoringNotice } from "../history/restoring-notice";
import { EditorContext } from "../packages/editor-context";
import { ActiveSectionInput, EditorSection, EditorUiContext, SectionNav, SectionsFrame, type SectionsOverview } from "../packages/editor-sections";
import sectionStyles from "../packages/editor-sections.module.css";
import { createStore } from "../packages/editor-store";
import { SaveBar } from "../packages/save-bar";
import { UndoProvider } from "../packages/undo-notice";
import { firstErrorSection, useSectionErrors } from "../packages/use-section-errors";
import { useSaveShortcut } from "../packages/use-save-shortcut";
import { useSectionState } from "../packages/use-section-state";
import { UnsavedChangesGuard } from "../packages/use-unsaved-guard";
import { type EditorActionData, useEditorForm } from "../use-editor-form";
import { useFormDraft, useRestoredCopy } from "../use-form-draft";
import { HeroFields, HOME_EDITOR_FORM_ID } from "./hero-fields";
import { FaqFields, HomeCardsFields, ReviewsFields } from "./home-lists";

const PATH = "/admin/site/home";
const SAVE_ID = "home-save";
const SECTION_ORDER: readonly string[] = HOME_SECTIONS.map((section) => section.id);
const NAV = [...HOME_SECTIONS.map(({ id, title }) => ({ id, title })), { id: "history", title: "History" }];

type HomeEditorProps = {
  values: HomeEditorValues;
  /** Each document's version as loaded: the save's one conflict check compares them all. */
  versions: { hero: number; cards: number; faqs: number; reviews: number };
  history: (RevisionSummary & { label?: string })[];
  /** A version History's "Restore this version" loaded into its section, unsaved. */
  restoring: { id: number; at: string; who: string; label: string; type: string } | null;
  /** The page's last save, formatted by the server; null before the first. */
  savedAt: string | null;
  /** The same as ISO: a browser copy older than this is stale. */
  storedAt: string | null;
  actionData?: EditorActionData & { overwrite?: string };
};

/** The four sections inside the form. Memoised: the editor re-rendering (unsaved, saving) leaves the fields alone. */
const HomeSections = memo(function HomeSections({
  values,
  initial,
  onHeroBusy,
}: {
  values: HomeEditorValues;
  initial: string;
  onHeroBusy: (busy: boolean) => void;
}) {
  return (
    <>
      <EditorSection id="hero" title="Hero and intro" initial={initial === "hero"}>
        <HeroFields initial={values.hero} onBusyChange={onHeroBusy} />
      </EditorSection>
      <EditorSection id="cards" title="Why Choose Us and the process" initial={initial === "cards"}>
        <HomeCardsFields initial={values.cards} />
      </EditorSection>
      <EditorSection id="faqs" title="FAQ" initial={initial === "faqs"}>
        <FaqFields initial={values.faqs} />
      </EditorSection>
      <EditorSection id="reviews" title="Traveller reviews" initial={initial === "reviews"}>
        <ReviewsFields initial={values.reviews} />
      </EditorSection>
    </>
  );
});

/**
 * The Home page editor (ADR 110): the package editor's frame (ADR 038) for
 * the hero and intro, the cards, the FAQ and the reviews. One form in
 * sections with a sticky section navigation, one sticky save bar (Ctrl+S);
 * one save sends every section, and the server saves what changed in one
 * write with one conflict check. Unsaved changes are guarded and kept in the
 * browser; a refused save shows every invalid field, in every section.
 */
export function HomeEditor(props: HomeEditorProps) {
  const copy = useRestoredCopy(props.values, (fields) => homeValuesFromFields(fields, props.values));
  return <HomeEditorForm {...props} key={copy.key} values={copy.values} restoredCopy={copy.restoredCopy} onRestore={copy.onRestore} />;
}

function HomeEditorForm({
  values,
  versions,
  history,
  restoring,
  savedAt,
  storedAt,
  actionData,
  restoredCopy,
  onRestore,
}: HomeEditorProps & { restoredCopy: boolean; onRestore: (fields: [string, string][], form: HTMLFormElement, savedAt: string) => void }) {
  const { dirty, setDirty, saving, uploading, reporter, formRef, errors } = useEditorForm(actionData, {
    startDirty: Boolean(restoring) || restoredCopy,
    anchorOf: homeSectionOfField,
  });
  const draft = useFormDraft(formRef, {
    entity: "home",
    storedAt,
    savedMarker: `${versions.hero}:${versions.cards}:${versions.faqs}:${versions.reviews}`,
    restore: onRestore,
    offer: !restoredCopy,
    skip: (name) => name.endsWith("Version") || name === "section" || name === "overwrite",
  });
  const errorSection = firstErrorSection(errors, SECTION_ORDER, homeSectionOfField);
  const initial = errorSection ?? (restoring ? homeSectionOfType(restoring.type) : null) ?? "hero";
  const sections = useSectionState(initial);
  const [overview] = useState(() =>
    createStore<SectionsOverview>({ badges: homeSectionBadges({ questions: values.faqs.length, reviews: values.reviews.length }), warnings: [] }),
  );
  const markChanged = useCallback(() => {
    setDirty(true);
    // The counts follow rows added and removed (a few hundred fields: cheap).
    window.setTimeout(() => {
      if (!formRef.current) return;
      const badges = homeSectionBadges(homeRowCounts(new FormData(formRef.current).keys()));
      if (JSON.stringify(badges) !== JSON.stringify(overview.get().badges)) overview.set({ ...overview.get(), badges });
    }, 0);
  }, [setDirty, formRef, overview]);
  useSectionErrors(formRef, actionData?.errors, sections, SECTION_ORDER, homeSectionOfField);
  useSaveShortcut(HOME_EDITOR_FORM_ID, SAVE_ID);
  const onHeroBusy = useMemo(() => reporter("hero-photo"), [reporter]);

  const ui = useMemo(() => ({ sections, overview, sectionOf: homeSectionOfField }), [sections, overview]);
  const editor = useMemo(() => ({ errors, markDirty: markChanged }), [errors, markChanged]);
  return (
    <EditorContext.Provider value={editor}>
      <EditorUiContext.Provider value={ui}>
        <UndoProvider>
          <UnsavedChangesGuard dirty={dirty} what="page" />
          {restoring ? <RestoringNotice restoring={restoring} path={PATH} /> : null}
          {actionData?.conflict ? (
            <ConflictNotice conflict={actionData.conflict} noun="page" formId={HOME_EDITOR_FORM_ID} editorPath={PATH} overwriteValue={actionData.overwrite} />
          ) : null}
          {draft.offer ? <DraftOffer savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} /> : null}
          <div className={sectionStyles.layout}>
            <SectionNav label="Home page sections" sections={NAV} />
            <SectionsFrame>
              <Form id={HOME_EDITOR_FORM_ID} method="post" ref={formRef} noValidate onChange={markChanged} aria-label="Home page content">
                <ActiveSectionInput />
                <input type="hidden" name="heroVersion" value={versions.hero} />
                <input type="hidden" name="cardsVersion" value={versions.cards} />
                <input type="hidden" name="faqVersion" value={versions.faqs} />
                <input type="hidden" name="reviewVersion" value={versions.reviews} />
                <HomeSections values={values} initial={initial} onHeroBusy={onHeroBusy} />
              </Form>
              {/* History is a section too, outside the form (its links and buttons are not the form's). */}
              <EditorSection id="history" title="History" initial={initial === "history"}>
                <HistoryPanel history={history} editorPath={PATH} framed={false} />
              </EditorSection>
            </SectionsFrame>
          </div>
          <SaveBar
            saveButton={
              <SaveButton id={SAVE_ID} form={HOME_EDITOR_FORM_ID} label="Save changes" saving={saving} uploading={uploading} keyShortcuts="Control+S Meta+S" />
            }
            dirty={dirty}
            uploading={uploading}
            savedAt={savedAt}
            // The seeded Home content has no history: "Not saved yet" read as if the page were empty (issue 49).
            neverSavedText="Not edited yet"
            conflict={actionData?.conflict && !saving ? "page" : undefined}
          />
        </UndoProvider>
      </EditorUiContext.Provider>
    </EditorContext.Provider>
  );
}
