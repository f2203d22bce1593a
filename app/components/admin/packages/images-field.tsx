import { useId, useState } from "react";
import fieldStyles from "~/components/ui/form-field.module.css";
import { adminUi } from "../admin-page";
import { editorUi } from "../editor-layout";
import { useEditor, useFieldError } from "./editor-context";
import { ItemTools } from "./item-tools";
import styles from "./package-editor.module.css";

/** An image the package refers to: its media key (or address) and a preview URL when known. */
export type EditorImage = { key: string; url?: string; name?: string };

/**
 * The thumbnail (one image) or the gallery (many): previews with remove and
 * move up/down, hidden inputs carrying the keys in order, and an uploader.
 */
export function ImagesField({
  name,
  label,
  multiple = false,
  initial,
  uploader,
}: {
  name: string;
  label: string;
  multiple?: boolean;
  initial: EditorImage[];
  /** Renders the upload control; it reports finished uploads through `add`. */
  uploader?: (add: (images: EditorImage[]) => void) => React.ReactNode;
}) {
  const { markDirty } = useEditor();
  const { message, errorId } = useFieldError(name);
  const [images, setImages] = useState(initial);
  const [typed, setTyped] = useState("");
  const id = useId();
  const update = (next: EditorImage[]) => {
    setImages(next);
    markDirty();
  };
  const add = (added: EditorImage[]) => {
    if (added.length === 0) return;
    setImages((current) => (multiple ? [...current, ...added] : added.slice(-1)));
    markDirty();
  };
  const move = (from: number, to: number) => {
    const copy = [...images];
    const [moved] = copy.splice(from, 1);
    copy.splice(to, 0, moved!);
    update(copy);
  };
  return (
    <section className={adminUi.panel} aria-labelledby={`${id}-title`}>
      <h2 className={adminUi.panelTitle} id={`${id}-title`}>
        {label}
      </h2>
      {message ? (
        <p id={errorId} className={fieldStyles.error}>
          {message}
        </p>
      ) : null}
      {images.length === 0 ? (
        <p className={adminUi.muted}>{multiple ? "No gallery images yet." : "No thumbnail yet."}</p>
      ) : (
        <ul className={styles.images} aria-label={label}>
          {images.map((image, index) => {
            const itemLabel = multiple ? `gallery image ${index + 1}` : "thumbnail";
            return (
              <li key={`${image.key}-${index}`} className={`${styles.image} ${editorUi.preview}`}>
                {image.url ? <img src={image.url} alt={`${multiple ? `Gallery image ${index + 1}` : "Thumbnail"}: ${image.name ?? image.key}`} width={160} height={120} /> : <span className={editorUi.previewPlaceholder}>{image.key}</span>}
                <input type="hidden" name={multiple ? `${name}[${index}]` : name} value={image.key} />
                {multiple ? (
                  <ItemTools index={index} count={images.length} label={itemLabel} onMove={(to) => move(index, to)} onRemove={() => update(images.filter((_, i) => i !== index))} />
                ) : (
                  <button type="button" className={`${adminUi.button} ${adminUi.small}`} aria-label={`Remove ${itemLabel}`} onClick={() => update([])}>
                    Remove
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {uploader?.(add)}
      <details>
        <summary className={adminUi.muted}>Use an existing image instead</summary>
        <div className={styles.itemRow}>
          <div className={fieldStyles.field}>
            <label htmlFor={`${id}-key`} className={fieldStyles.label}>
              Media key or image address
            </label>
            <input id={`${id}-key`} className={fieldStyles.control} value={typed} onChange={(event) => setTyped(event.target.value)} />
          </div>
          <button
            type="button"
            className={adminUi.button}
            onClick={() => {
              if (typed.trim()) add([{ key: typed.trim(), url: /^(https?:)?\//.test(typed.trim()) ? typed.trim() : undefined }]);
              setTyped("");
            }}
          >
            Add
          </button>
        </div>
      </details>
    </section>
  );
}
