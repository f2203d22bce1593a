import { useState } from "react";
import type { HomeEditorValues } from "~/lib/home-sections";
import { adminUi } from "../admin-page";
import { useEditor, useFieldError } from "../packages/editor-context";
import { EditorInput } from "../packages/editor-field";
import { UploadField, type UploadedFile } from "../upload";
import styles from "./hero-form.module.css";
import { IntroField } from "./intro-field";
import listStyles from "./list-editor.module.css";

/** The Home page editor's one form (the hero photo's upload fills the alt field in it). */
export const HOME_EDITOR_FORM_ID = "home-editor";

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
        const form = document.getElementById(HOME_EDITOR_FORM_ID);
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

/** The hero (headline, the line under it, the photo with its alt text) and the intro paragraph under it (ADR 041, 044), in the Home page editor. */
export function HeroFields({ initial, onBusyChange }: { initial: HomeEditorValues["hero"]; onBusyChange: (busy: boolean) => void }) {
  const { markDirty } = useEditor();
  const photo: UploadedFile[] = initial.image ? [{ key: initial.image, url: initial.imageUrl, name: initial.imageAlt || initial.image }] : [];
  return (
    <>
      <div className={listStyles.fieldsStack}>
        <EditorInput name="headline" label="Headline" maxLength={120} defaultValue={initial.headline} />
        <EditorInput name="subheadline" label="Line under the headline" maxLength={240} defaultValue={initial.subheadline} />
        <div className={styles.photo}>
          <HeroPhotoField initial={photo} onChange={markDirty} onBusyChange={onBusyChange} />
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
    </>
  );
}
