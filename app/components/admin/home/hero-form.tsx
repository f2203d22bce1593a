import { useState } from "react";
import { Form } from "react-router";
import { adminUi, Panel } from "../admin-page";
import { SaveButton } from "../editor-layout";
import { ConflictNotice } from "../history/conflict-notice";
import { EditorContext, useFieldError } from "../packages/editor-context";
import { EditorInput } from "../packages/editor-field";
import { UnsavedChangesGuard } from "../packages/use-unsaved-guard";
import { UploadField, type UploadedFile } from "../upload";
import { type EditorActionData, useEditorForm } from "../use-editor-form";
import styles from "./hero-form.module.css";
import { IntroField } from "./intro-field";
import listStyles from "./list-editor.module.css";

type HeroFormValues = { headline: string; subheadline: string; image: string; imageAlt: string; imageUrl: string; intro: string };

/** The hero photo: one image, replaced by a new upload; its key posts as `image`. */
function HeroPhotoField({ initial, onChange, onBusyChange }: { initial: UploadedFile[]; onChange: () => void; onBusyChange: (busy: boolean) => void }) {
  const [files, setFiles] = useState(initial);
  const { message } = useFieldError("image");
  return (
    <UploadField
      label="Hero photo"
      kind="image"
      name="image"
      value={files}
      onChange={(next) => {
        setFiles(next);
        // A new photo (uploaded, or chosen from the library) brings its own alt text into the alt field (ADR 043).
        const form = document.getElementById("hero-form");
        const altField = form instanceof HTMLFormElement ? form.elements.namedItem("imageAlt") : null;
        if (altField instanceof HTMLInputElement && next[0]) altField.value = next[0].alt ?? "";
        onChange();
      }}
      withAlt={false}
      description="A wide landscape photo, at least 1600 px across. JPEG, PNG, WebP or AVIF, at most 25 MB."
      error={message}
      onBusyChange={onBusyChange}
    />
  );
}

/** The hero (headline, the line under it, the photo with its alt text) and the intro paragraph under it (ADR 041, 044). */
export function HeroForm({ initial, version, actionData }: { initial: HeroFormValues; version: number; actionData?: EditorActionData }) {
  const { dirty, markDirty, saving, formRef, errors } = useEditorForm(actionData);
  const [uploading, setUploading] = useState(false);
  const photo: UploadedFile[] = initial.image ? [{ key: initial.image, url: initial.imageUrl, name: initial.imageAlt || initial.image }] : [];
  return (
    <EditorContext.Provider value={{ errors, markDirty }}>
      <UnsavedChangesGuard dirty={dirty} what="page" />
      <Panel title="Hero and intro">
        {actionData?.conflict ? <ConflictNotice conflict={actionData.conflict} noun="hero" formId="hero-form" editorPath="/admin/site/home" /> : null}
        <Form id="hero-form" method="post" ref={formRef} noValidate onChange={markDirty} aria-label="Hero and intro">
          <input type="hidden" name="list" value="hero" />
          <input type="hidden" name="baseVersion" value={version} />
          <div className={listStyles.fieldsStack}>
            <EditorInput name="headline" label="Headline" maxLength={120} defaultValue={initial.headline} />
            <EditorInput name="subheadline" label="Line under the headline" maxLength={240} defaultValue={initial.subheadline} />
            <div className={styles.photo}>
              <HeroPhotoField initial={photo} onChange={markDirty} onBusyChange={setUploading} />
              <EditorInput
                name="imageAlt"
                label="Hero photo: alt text"
                hint="What the photo shows, for people who cannot see it. The same text is used wherever this photo appears."
                maxLength={300}
                defaultValue={initial.imageAlt}
              />
            </div>
            <IntroField initial={initial.intro} />
          </div>
          <p className={adminUi.muted}>The photo is served in AVIF and WebP at several sizes, like every uploaded photo.</p>
          <div className={listStyles.saveBar}>
            <SaveButton label="Save hero and intro" saving={saving} uploading={uploading} />
          </div>
        </Form>
      </Panel>
    </EditorContext.Provider>
  );
}
