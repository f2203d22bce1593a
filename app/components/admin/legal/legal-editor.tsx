import { Form, Link } from "react-router";
import type { LegalEditorValues } from "~/lib/legal-page-schema";
import { adminUi, Panel } from "../admin-page";
import { RichTextEditor } from "../blogs/rich-text-editor";
import { FormSaveBar } from "../form-save-bar";
import { ConflictNotice } from "../history/conflict-notice";
import { EditorContext } from "../packages/editor-context";
import { EditorInput, EditorTextArea } from "../packages/editor-field";
import { UnsavedChangesGuard } from "../packages/use-unsaved-guard";
import { type EditorActionData, useEditorForm } from "../use-editor-form";
import styles from "./legal-editor.module.css";

/**
 * A legal page in the blogs' rich-text editor (ADR 041): the page, when it
 * was last updated (today on save, unless written here) and its search
 * description.
 */
export function LegalEditor({
  slug,
  values,
  version,
  storedLastUpdated,
  actionData,
}: {
  slug: string;
  values: LegalEditorValues;
  version: number;
  storedLastUpdated: string;
  actionData?: EditorActionData;
}) {
  const { dirty, markDirty, saving, uploading, reporter, formRef, errors } = useEditorForm(actionData);
  const formId = "legal-editor";
  return (
    <EditorContext.Provider value={{ errors, markDirty }}>
      <UnsavedChangesGuard dirty={dirty} what="page" />
      {actionData?.conflict ? <ConflictNotice conflict={actionData.conflict} noun="page" formId={formId} editorPath={`/admin/site/legal/${slug}`} /> : null}
      <Form id={formId} method="post" ref={formRef} noValidate onChange={markDirty} aria-label="Legal page" className={styles.form}>
        <input type="hidden" name="baseVersion" value={version} />
        <Panel title="Page">
          <RichTextEditor
            name="body"
            label="Content"
            initialHtml={values.body}
            error={errors.body?.[0] ?? undefined}
            onChange={markDirty}
            onBusyChange={reporter("body")}
          />
        </Panel>
        <Panel title="Details">
          <div className={styles.stack}>
            <EditorInput
              name="lastUpdated"
              label="Last updated"
              maxLength={40}
              placeholder={storedLastUpdated}
              hint={`Now “${storedLastUpdated}”. Leave empty and saving sets today's date; write a date here to show that instead.`}
              defaultValue={values.lastUpdated}
            />
            <EditorTextArea
              name="seoDescription"
              label="SEO description"
              hint="Empty: a sentence made from the title."
              rows={2}
              maxLength={320}
              defaultValue={values.seoDescription}
            />
          </div>
        </Panel>
        <FormSaveBar label="Save page" saving={saving} uploading={uploading} dirty={dirty}>
          <Link to={`/legal/${slug}`} className={adminUi.button} target="_blank">
            View on the website
          </Link>
        </FormSaveBar>
      </Form>
    </EditorContext.Provider>
  );
}
