import { useState } from "react";
import { Form } from "react-router";
import {
  CHANNEL_LABELS,
  REPLY_CHANNELS,
  REPLY_PLACEHOLDERS,
  TEMPLATE_BODY_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SUBJECT_MAX,
  type ReplyChannel,
  type ReplyTemplateFormItem,
} from "~/lib/reply-text";
import { adminUi, Panel } from "../admin-page";
import { SaveButton } from "../editor-layout";
import { ConflictNotice } from "../history/conflict-notice";
import { ListEditor } from "../home/list-editor";
import listStyles from "../home/list-editor.module.css";
import { EditorContext } from "../packages/editor-context";
import { EditorInput, EditorSelect, EditorTextArea } from "../packages/editor-field";
import { UnsavedChangesGuard } from "../packages/use-unsaved-guard";
import { type EditorActionData, useEditorForm } from "../use-editor-form";

const PATH = "/admin/reply-templates";

/** One template: its name, channel, the e-mail's subject (e-mail only) and the message. */
function TemplateRow({ item, index }: { item: ReplyTemplateFormItem; index: number }) {
  const [channel, setChannel] = useState<ReplyChannel>(item.channel);
  const n = index + 1;
  return (
    <>
      <EditorInput name={`templates[${index}].name`} label={`Template ${n}: name`} maxLength={TEMPLATE_NAME_MAX} defaultValue={item.name} />
      <EditorSelect
        name={`templates[${index}].channel`}
        label={`Template ${n}: sent by`}
        defaultValue={item.channel}
        onChange={(event) => setChannel(event.currentTarget.value as ReplyChannel)}
        options={REPLY_CHANNELS.map((value) => ({ value, label: CHANNEL_LABELS[value] }))}
      />
      {channel === "email" ? (
        <EditorInput
          name={`templates[${index}].subject`}
          label={`Template ${n}: e-mail subject`}
          maxLength={TEMPLATE_SUBJECT_MAX}
          defaultValue={item.subject}
        />
      ) : null}
      <EditorTextArea name={`templates[${index}].body`} label={`Template ${n}: message`} rows={5} maxLength={TEMPLATE_BODY_MAX} defaultValue={item.body} />
    </>
  );
}

/** The reply templates, saved as one list (ADR 046). */
export function ReplyTemplatesForm({
  initial,
  version,
  actionData,
  startDirty = false,
}: {
  initial: ReplyTemplateFormItem[];
  version: number;
  actionData?: EditorActionData;
  startDirty?: boolean;
}) {
  const { dirty, markDirty, saving, formRef, errors } = useEditorForm(actionData, { startDirty });
  return (
    <EditorContext.Provider value={{ errors, markDirty }}>
      <UnsavedChangesGuard dirty={dirty} what="page" />
      <Panel title="Templates">
        {actionData?.conflict ? <ConflictNotice conflict={actionData.conflict} noun="reply templates" formId="templates-form" editorPath={PATH} /> : null}
        <p className={adminUi.muted}>
          A message or subject may say {REPLY_PLACEHOLDERS.join(", ")}: the enquirer&apos;s first name, the package they asked about, their preferred month, how
          many are travelling (&ldquo;3 travellers&rdquo;), and the name of the team member replying. Editors use the templates; only admins change them.
        </p>
        <Form id="templates-form" method="post" ref={formRef} noValidate onChange={markDirty} aria-label="Reply templates">
          <input type="hidden" name="baseVersion" value={version} />
          <ListEditor
            initial={initial}
            blank={(): ReplyTemplateFormItem => ({ name: "", channel: "whatsapp", subject: "", body: "" })}
            addLabel="Add a template"
            itemLabel={(index) => `template ${index + 1}`}
            onChange={markDirty}
            renderRow={(item, index) => <TemplateRow item={item} index={index} />}
          />
          <div className={listStyles.saveBar}>
            <SaveButton label="Save templates" saving={saving} uploading={false} />
          </div>
        </Form>
      </Panel>
    </EditorContext.Provider>
  );
}
