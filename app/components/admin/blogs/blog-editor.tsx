import { useCallback, useState } from "react";
import { Form, Link } from "react-router";
import { blogValuesFromFields, type BlogEditorValues } from "~/lib/blog-editor-values";
import type { EditorRevisionState } from "~/lib/revisions";
import { readingMinutes } from "~/lib/reading-time";
import { adminUi, Panel } from "../admin-page";
import { EditorColumns, editorUi, SaveButton, ViewOnSiteLink } from "../editor-layout";
import { type EditorActionData, useDerivedSlug, useEditorForm } from "../use-editor-form";
import { ConfirmAction } from "../confirm-dialog";
import { EditorNotices } from "../history/editor-notices";
import { HistoryPanel } from "../history/history-panel";
import { PublishControls } from "../history/publish-controls";
import { EditorContext } from "../packages/editor-context";
import { EditorInput, EditorTextArea, PublishStatusField } from "../packages/editor-field";
import { UnsavedChangesGuard } from "../packages/use-unsaved-guard";
import { DraftOffer } from "../draft-offer";
import { useFormDraft } from "../use-form-draft";
import styles from "./blog-editor.module.css";
import { HeadImageField } from "./head-image-field";
import { RichTextEditor } from "./rich-text-editor";

/** What a refused save returns (see blog-editor-action.server.ts). */

type BlogEditorProps = {
  /** Null for a new post. */
  id: number | null;
  values: BlogEditorValues;
  /** Preview URL of the stored head image, when it is one of our media. */
  headPreview?: string;
  actionData?: EditorActionData;
  /** A stored post's version, draft changes, schedule, presence and History (ADR 037), and whether it is live. */
  stored?: { state: EditorRevisionState; live: boolean };
  /** When the stored post was last written (ISO): a browser copy older than this is stale. */
  storedAt?: string | null;
};

const FORM_ID = "blog-editor";

/** Delete: the shared confirm dialog with the spec's question. */
function DeleteBlog({ title, disabled }: { title: string; disabled: boolean }) {
  return (
    <ConfirmAction
      triggerLabel="Delete Blog"
      title="Are you sure you want to delete this blog?"
      description={
        <p>
          <strong>{title}</strong> is removed from the website for good, with its images unless something else uses them.
        </p>
      }
      confirmLabel="Delete Blog"
      tone="danger"
      disabled={disabled}
    >
      <input type="hidden" name="intent" value="delete" />
    </ConfirmAction>
  );
}

/**
 * The blog editor: title, header image and the article on the left, publishing
 * and search details on the right (stacked on a phone). The whole form posts
 * once; the schema's errors come back inline. The action bar sits outside the
 * form (its submit button names the form) because Delete's dialog is a form of
 * its own, and forms do not nest.
 */
export function BlogEditor(props: BlogEditorProps) {
  // A browser copy restored (ADR 040): the editor starts again from it, as unsaved changes.
  const [restored, setRestored] = useState<{ values: BlogEditorValues; savedAt: string } | null>(null);
  const { values } = props;
  const onRestore = useCallback(
    (fields: [string, string][], _form: HTMLFormElement, savedAt: string) => setRestored({ values: blogValuesFromFields(fields, values), savedAt }),
    [values],
  );
  return (
    <BlogEditorForm key={restored?.savedAt ?? "stored"} {...props} values={restored?.values ?? values} restoredCopy={restored !== null} onRestore={onRestore} />
  );
}

type BlogEditorFormProps = BlogEditorProps & {
  restoredCopy: boolean;
  onRestore: (fields: [string, string][], form: HTMLFormElement, savedAt: string) => void;
};

function BlogEditorForm({ id, values, headPreview, actionData, stored, storedAt, restoredCopy, onRestore }: BlogEditorFormProps) {
  const { dirty, markDirty, saving, uploading, reporter, formRef, errors } = useEditorForm(actionData, {
    startDirty: Boolean(stored?.state.restoring) || restoredCopy,
  });
  const draft = useFormDraft(formRef, {
    entity: `blog:${id ?? "new"}`,
    storedAt,
    savedMarker: stored ? `${stored.state.version}:${stored.state.draft?.savedAt ?? ""}` : undefined,
    restore: onRestore,
    offer: !restoredCopy,
    skip: (name) => name === "baseVersion" || name === "intent",
    createdFrom:
      id === null ? undefined : { entity: "blog:new", matches: (fields) => fields.some(([name, value]) => name === "title" && value.trim() === values.title) },
  });
  const editorPath = `/admin/blogs/${id}`;
  const { slug, followTitle, editSlug } = useDerivedSlug(values.slug);
  const [html, setHtml] = useState(values.content);
  const computedMinutes = readingMinutes(html);
  const [minutes, setMinutes] = useState(values.durationMinutes);
  const [minutesEdited, setMinutesEdited] = useState(values.durationMinutes !== "" && values.durationMinutes !== String(readingMinutes(values.content)));

  const headImage = values.headImage
    ? {
        key: values.headImage,
        url: headPreview ?? (/^(https?:)?\//.test(values.headImage) ? values.headImage : undefined),
      }
    : null;

  return (
    <EditorContext.Provider value={{ errors, markDirty }}>
      <UnsavedChangesGuard dirty={dirty} what="blog" />
      {draft.offer ? <DraftOffer savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} /> : null}
      {id !== null && stored ? (
        <EditorNotices type="blog" id={id} noun="blog" formId={FORM_ID} editorPath={editorPath} state={stored.state} actionData={actionData} />
      ) : null}
      <Form id={FORM_ID} method="post" ref={formRef} noValidate onChange={markDirty} aria-label={id === null ? "New blog" : `Edit ${values.title}`}>
        <EditorColumns
          wideMain
          side={
            <>
              <Panel title="Publishing">
                <div className={editorUi.stack}>
                  <PublishStatusField defaultValue={values.status} />
                  <EditorInput
                    name="uploadDate"
                    label="Upload date"
                    type="date"
                    defaultValue={values.uploadDate}
                    hint="Shown as “Uploaded on” and orders the list."
                  />
                  <EditorInput
                    name="durationMinutes"
                    label="Reading time (minutes)"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={600}
                    value={minutesEdited ? minutes : String(computedMinutes)}
                    hint={`Computed from the words: ${computedMinutes} min. Change it if you like.`}
                    onChange={(event) => {
                      setMinutes(event.target.value);
                      setMinutesEdited(true);
                    }}
                  />
                  <EditorInput
                    name="slug"
                    label="Address (slug)"
                    hint={`Also reachable at /blogs/${slug || "…"}. Made from the title until you change it.`}
                    maxLength={80}
                    value={slug}
                    onChange={(event) => editSlug(event.target.value)}
                  />
                </div>
              </Panel>
              <Panel title="Search engines">
                <div className={editorUi.stack}>
                  <EditorInput name="seoTitle" label="SEO title" hint="Empty: the post's title." maxLength={120} defaultValue={values.seoTitle} />
                  <EditorTextArea
                    name="seoDescription"
                    label="SEO description"
                    hint="Empty: the excerpt."
                    rows={3}
                    maxLength={320}
                    defaultValue={values.seoDescription}
                  />
                </div>
              </Panel>
            </>
          }
        >
          <div className={`${adminUi.panel} ${styles.writing}`}>
            <EditorInput
              name="title"
              label="Title"
              placeholder="Enter blog title"
              required
              maxLength={200}
              className={styles.titleInput}
              defaultValue={values.title}
              onChange={(event) => followTitle(event.target.value)}
            />
            <HeadImageField
              name="headImage"
              initial={headImage}
              error={errors.headImage?.[0] ?? undefined}
              onChange={markDirty}
              onBusyChange={reporter("headImage")}
            />
            <RichTextEditor
              name="content"
              label="Content"
              initialHtml={values.content}
              error={errors.content?.[0] ?? undefined}
              onChange={(next) => {
                setHtml(next);
                markDirty();
              }}
              onBusyChange={reporter("content")}
            />
            <EditorTextArea
              name="excerpt"
              label="Excerpt"
              hint="A sentence or two for the blog cards and search results."
              rows={3}
              maxLength={600}
              defaultValue={values.excerpt}
            />
          </div>
        </EditorColumns>
      </Form>

      <div className={styles.actionBar}>
        <SaveButton
          form={FORM_ID}
          label={id === null ? "Create Blog" : stored?.live && stored.state.draft ? "Publish changes" : "Update Blog"}
          saving={saving}
          uploading={uploading}
        />
        <Link to="/admin/blogs" className={adminUi.button}>
          Cancel
        </Link>
        {id !== null ? <ViewOnSiteLink to={`/blogs/${id}`} /> : null}
        <span className={styles.state} aria-live="polite">
          {uploading ? "Waiting for uploads to finish…" : dirty ? "Unsaved changes" : ""}
        </span>
        {id !== null ? (
          <>
            <span className={styles.push} />
            <DeleteBlog title={values.title} disabled={saving} />
          </>
        ) : null}
      </div>
      {/* After the action bar, so the form's default button (Enter) stays Update Blog. */}
      {id !== null && stored ? (
        <EditorColumns
          side={
            <Panel title="Draft and schedule">
              <PublishControls
                formId={FORM_ID}
                noun="blog"
                version={stored.state.version}
                live={stored.live}
                draft={stored.state.draft}
                schedule={stored.state.schedule}
                previewPath={`/blogs/${id}?preview=changes`}
                disabled={saving || uploading}
              />
            </Panel>
          }
        >
          <HistoryPanel history={stored.state.history} editorPath={editorPath} />
        </EditorColumns>
      ) : null}
    </EditorContext.Provider>
  );
}
