import { useEffect, useId, useRef, useState } from "react";
import { adminUi } from "../admin-page";
import { useShowNotice } from "../admin-notice";
import { editorUi } from "../editor-layout";
import fieldStyles from "~/components/ui/form-field.module.css";
import { ALT_MAX } from "~/lib/media-library";
import { ChooseFromLibrary } from "../media/media-picker";
import { uploadFile } from "../upload";
import { isImageFile, notAnImageMessage } from "./image-files";
import styles from "./blog-editor.module.css";

/** The head image the form holds: its media key (or address) and a preview URL when known. */
type HeadImage = { key: string; url?: string; name?: string };

type Upload = { name: string; percent: number };

/**
 * The header-image drop zone (spec §2, §5): click it (a real button opening
 * the picker, `accept="image/*"`) or drop a file on it. Anything whose type
 * does not start with `image/` is refused with a message here. The file goes
 * through the tus pipeline with its percentage; once stored, the preview
 * shows with Replace and Remove. A hidden field carries the key.
 */
export function HeadImageField({
  name,
  initial,
  error,
  onChange,
  onBusyChange,
}: {
  name: string;
  initial: HeadImage | null;
  error?: string;
  onChange: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const id = useId();
  const [image, setImage] = useState(initial);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [message, setMessage] = useState("");
  const [dragging, setDragging] = useState(false);
  const [alt, setAlt] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const showNotice = useShowNotice();
  useEffect(() => () => controller.current?.abort(), []);

  async function start(file: File | undefined) {
    if (!file) return;
    if (!isImageFile(file)) {
      setMessage(notAnImageMessage(file));
      return;
    }
    setMessage("");
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setUpload({ name: file.name, percent: 0 });
    onBusyChange(true);
    try {
      const result = await uploadFile(file, {
        kind: "image",
        alt,
        signal: own.signal,
        onProgress: (percent) => setUpload({ name: file.name, percent }),
      });
      setImage({ key: result.key, url: result.url, name: result.name });
      setAlt("");
      onChange();
    } catch (failure) {
      const text = failure instanceof Error ? failure.message : "The upload failed.";
      setMessage(text);
      // Cancelled by the author: the message beside the zone is enough.
      if (!own.signal.aborted) showNotice({ kind: "error", message: `The header image could not be uploaded: ${text}` });
    } finally {
      setUpload(null);
      onBusyChange(false);
    }
  }

  const describedBy = [`${id}-hint`, message ? `${id}-message` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");

  return (
    <div className={styles.headImage}>
      <span className={styles.fieldLabel} id={`${id}-label`}>
        Header image
      </span>
      {image ? (
        <div className={`${editorUi.preview} ${styles.headPreview}`}>
          {image.url ? (
            <img src={image.url} alt={`Header image: ${image.name ?? image.key}`} width={640} height={360} />
          ) : (
            <span className={editorUi.previewPlaceholder}>{image.key}</span>
          )}
          <input type="hidden" name={name} value={image.key} />
        </div>
      ) : null}
      <div className={fieldStyles.field}>
        <label htmlFor={`${id}-alt`} className={fieldStyles.label}>
          Alt text for the image you upload
        </label>
        <input
          id={`${id}-alt`}
          className={fieldStyles.control}
          value={alt}
          maxLength={ALT_MAX}
          aria-describedby={`${id}-alt-hint`}
          onChange={(event) => setAlt(event.target.value)}
        />
        <p id={`${id}-alt-hint`} className={styles.dropHint}>
          What the photo shows, for people who cannot see it. Change it any time in the media library.
        </p>
      </div>
      <div
        className={`${styles.dropZone} ${dragging ? styles.dragging : ""} ${image ? styles.dropZoneCompact : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void start(event.dataTransfer.files[0]);
        }}
        data-testid="head-image-drop-zone"
      >
        <button
          type="button"
          className={styles.dropButton}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          disabled={upload !== null}
          onClick={() => input.current?.click()}
        >
          <strong>{image ? "Replace the header image" : "Add a header image"}</strong>
          <span>Click to choose, or drag and drop an image here</span>
        </button>
        <input
          ref={input}
          className="visually-hidden"
          type="file"
          accept="image/*"
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            void start(file);
          }}
        />
        <p id={`${id}-hint`} className={styles.dropHint}>
          JPEG, PNG, WebP or AVIF, at most 25 MB. Shown wide above the article and on its card.
        </p>
      </div>
      <ChooseFromLibrary
        label="Choose the header image from the library"
        onPick={(item) => {
          setImage({ key: item.key, url: item.url, name: item.name });
          setMessage("");
          onChange();
        }}
      />
      <div aria-live="polite" className={styles.uploadLine}>
        {upload ? (
          <>
            <progress max={100} value={upload.percent} aria-label={`Uploading ${upload.name}`} />
            <span>
              Uploading {upload.name}: {upload.percent}%
            </span>
            <button type="button" className={`${adminUi.button} ${adminUi.small}`} onClick={() => controller.current?.abort()}>
              Cancel upload
            </button>
          </>
        ) : null}
      </div>
      {message ? (
        <p id={`${id}-message`} role="alert" className={styles.error}>
          {message}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
      {image && !upload ? (
        <button
          type="button"
          className={`${adminUi.button} ${adminUi.small}`}
          onClick={() => {
            setImage(null);
            onChange();
          }}
        >
          Remove the header image
        </button>
      ) : null}
    </div>
  );
}
