import { Form } from "react-router";
import { TERMS_PLACEHOLDERS, type SiteTermsInput } from "~/lib/package-terms-schema";
import { adminUi, Panel } from "../admin-page";
import { SaveButton } from "../editor-layout";
import listStyles from "../home/list-editor.module.css";
import { ConflictNotice } from "../history/conflict-notice";
import { EditorContext } from "../packages/editor-context";
import { EditorTextArea } from "../packages/editor-field";
import { UnsavedChangesGuard } from "../packages/use-unsaved-guard";
import { type EditorActionData, useEditorForm } from "../use-editor-form";
import { ConveniencesList, TermsClausesList } from "./terms-lists";

/** The site-wide terms: the refund rule, the clauses and the convenience list, saved together (ADR 044). */
export function SiteTermsForm({ initial, version, actionData }: { initial: SiteTermsInput; version: number; actionData?: EditorActionData }) {
  const { dirty, markDirty, saving, formRef, errors } = useEditorForm(actionData);
  return (
    <EditorContext.Provider value={{ errors, markDirty }}>
      <UnsavedChangesGuard dirty={dirty} what="page" />
      {actionData?.conflict ? <ConflictNotice conflict={actionData.conflict} noun="terms" formId="terms-form" editorPath="/admin/site/terms" /> : null}
      <Form id="terms-form" method="post" ref={formRef} noValidate onChange={markDirty} aria-label="Package terms">
        <input type="hidden" name="baseVersion" value={version} />
        <Panel title="Refund rule">
          <EditorTextArea
            name="refundRule"
            label="Refund rule"
            hint="One text for every place that says {refund}. Make it agree with the Refund policy page."
            rows={4}
            maxLength={2000}
            defaultValue={initial.refundRule}
          />
        </Panel>
        <Panel title="Terms clauses">
          <p className={adminUi.muted}>Shown in order on every package page's Terms tab and in its brochure. A text may say {TERMS_PLACEHOLDERS}.</p>
          <TermsClausesList initial={initial.clauses} onChange={markDirty} />
        </Panel>
        <Panel title="What booking with us includes">
          <p className={adminUi.muted}>The list beside every package's prices.</p>
          <ConveniencesList initial={initial.conveniences} onChange={markDirty} />
        </Panel>
        <div className={listStyles.saveBar}>
          <SaveButton label="Save terms" saving={saving} uploading={false} />
        </div>
      </Form>
    </EditorContext.Provider>
  );
}
