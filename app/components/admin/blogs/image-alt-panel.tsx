import type { Editor } from "@tiptap/react";
import { useEffect, useId, useRef, useState } from "react";
import fieldStyles from "~/components/ui/form-field.module.css";
import { adminUi } from "../admin-page";
import { selectedImage } from "./image-node";
import { EditorPanel } from "./rich-text-panels";
import styles from "./rich-text.module.css";

/**
 * Change the alt text of the selected image (an inline panel like the link
 * panel: no browser prompt). The description may not be emptied: an image
 * without one says nothing to a screen reader.
 */
export function ImageAltPanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const id = useId();
  // The image is the one selected when the panel opened: focus in the panel leaves the editor's selection alone.
  const [image] = useState(() => selectedImage(editor));
  const [alt, setAlt] = useState(image?.alt ?? "");
  const [error, setError] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.select(), []);

  const apply = () => {
    const value = alt.trim();
    if (!image) return onClose();
    if (!value) {
      setError("Describe what the image shows: people who cannot see it rely on this text.");
      inputRef.current?.focus();
      return;
    }
    editor.chain().focus().setBlogImageAlt(image.position, value).run();
    onClose();
  };

  return (
    <EditorPanel id={id} title="Edit the image's alt text" onClose={onClose}>
      <div className={fieldStyles.field}>
        <label htmlFor={`${id}-alt`} className={fieldStyles.label}>
          Image description (alt text)
        </label>
        <input
          ref={inputRef}
          id={`${id}-alt`}
          className={fieldStyles.control}
          value={alt}
          maxLength={200}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          onChange={(event) => {
            setAlt(event.target.value);
            if (error) setError("");
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            }
          }}
        />
        <p id={`${id}-hint`} className={styles.hint}>
          What the photo shows, for people who cannot see it{image ? ` (${image.src.split("/").pop()})` : ""}.
        </p>
        {error ? (
          <p id={`${id}-error`} className={fieldStyles.error} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className={styles.panelActions}>
        <button type="button" className={`${adminUi.button} ${adminUi.small} ${adminUi.primary}`} onClick={apply}>
          Apply alt text
        </button>
        <button type="button" className={`${adminUi.button} ${adminUi.small}`} onClick={onClose}>
          Cancel
        </button>
      </div>
    </EditorPanel>
  );
}
