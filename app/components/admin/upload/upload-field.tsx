import { useEffect, useId, useRef, useState } from "react";
import { ALT_MAX } from "~/lib/media-library";
import type { UploadResult } from "~/lib/upload";
import { ChooseFromLibrary } from "../media/media-picker";
import { useShowNotice } from "../admin-notice";
import ui from "../admin-ui.module.css";
import type { UploadKind } from "./tus-upload";
import styles from "./upload-field.module.css";
import { useTusUpload } from "./use-tus-upload";

/** A file the field holds: a media key (image) or a URL (brochure), and what to show for it. */
export type UploadedFile = { key: string; url: string; name?: string; alt?: string };

type UploadFieldProps = {
  label: string;
  kind: UploadKind;
  /** Several files (a gallery) or one (a thumbnail, a brochure: a new upload replaces it). */
  multiple?: boolean;
  value: UploadedFile[];
  onChange: (value: UploadedFile[]) => void;
  /** Form field name: hidden inputs carry the keys (`name`, or `name[0]`, `name[1]` ... when multiple). */
  name?: string;
  /** Under the label, e.g. "JPEG, PNG or WebP, at most 25 MB". */
  description?: string;
  /** A validation message from the form. */
  error?: string;
  /** Told when uploads start and end, e.g. to disable saving meanwhile. */
  onBusyChange?: (busy: boolean) => void;
  /**
   * Images: an "Alt text" box whose words are stored with the next upload,
   * and "Choose from library" (ADR 043). Both on unless turned off.
   */
  withAlt?: boolean;
  withLibrary?: boolean;
};

function toUploadedFile(result: UploadResult): UploadedFile {
  return { key: result.kind === "brochure" ? result.url : result.key, url: result.url, name: result.name, alt: result.alt };
}

/** The file button's words: a single field that holds a file offers to replace it. */
function chooseLabel(kind: UploadKind, multiple: boolean, holdsFile: boolean): string {
  if (kind === "brochure") return holdsFile ? "Replace the PDF" : "Choose a PDF";
  if (kind === "proof") return holdsFile ? "Replace the file" : "Choose an image or a PDF";
  if (multiple) return "Choose images";
  return holdsFile ? "Replace the image" : "Choose an image";
}

/**
 * An upload field: choose files or drop them on the zone; each shows a
 * progress bar with its percentage in text, then joins the list with a remove
 * button. Failures appear in the admin notice and beside the file.
 */
export function UploadField({
  label,
  kind,
  multiple = false,
  value,
  onChange,
  name,
  description,
  error,
  onBusyChange,
  withAlt = true,
  withLibrary = true,
}: UploadFieldProps) {
  const id = useId();
  const [alt, setAlt] = useState("");
  const image = kind === "image";
  const [dragging, setDragging] = useState(false);
  const { items, start, remove, uploading } = useTusUpload({ kind });
  const showNotice = useShowNotice();
  const latest = useRef(value);
  latest.current = value;
  const accept = { image: "image/*", brochure: "application/pdf,.pdf", proof: "image/*,application/pdf,.pdf" }[kind];
  const describedBy = [description ? `${id}-description` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

  useEffect(() => onBusyChange?.(uploading), [uploading, onBusyChange]);

  async function upload(files: File[]) {
    const chosen = multiple ? files : files.slice(0, 1);
    if (chosen.length === 0) return;
    const results = await start(chosen, { alt: image && withAlt ? alt : undefined });
    if (results.length < chosen.length) {
      showNotice({ kind: "error", message: `${chosen.length - results.length} of ${chosen.length} file(s) could not be uploaded.` });
    }
    if (results.length === 0) return;
    const uploaded = results.map(toUploadedFile);
    onChange(multiple ? [...latest.current, ...uploaded] : uploaded);
    setAlt("");
  }

  // Finished uploads leave the progress list: they now show in the value list.
  useEffect(() => {
    for (const item of items) if (item.status === "done") remove(item.id);
  }, [items, remove]);

  return (
    <div className={styles.field}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      {description ? (
        <p className={styles.description} id={`${id}-description`}>
          {description}
        </p>
      ) : null}
      {image && withAlt ? (
        <div className={styles.altField}>
          <label htmlFor={`${id}-alt`} className={styles.altLabel}>
            Alt text {multiple ? "for the images you upload next" : "for the image you upload"}
          </label>
          <input
            id={`${id}-alt`}
            className={styles.altInput}
            value={alt}
            maxLength={ALT_MAX}
            aria-describedby={`${id}-alt-hint`}
            onChange={(event) => setAlt(event.target.value)}
          />
          <p id={`${id}-alt-hint`} className={styles.description}>
            What the photo shows, for people who cannot see it. Change it any time in the media library.
          </p>
        </div>
      ) : null}
      <div
        className={`${styles.dropzone} ${dragging ? styles.dragging : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void upload([...event.dataTransfer.files]);
        }}
      >
        <p className={styles.hint}>Drag and drop {multiple ? "files" : "a file"} here, or</p>
        <label className={`${ui.button} ${ui.small}`} htmlFor={`${id}-input`}>
          {chooseLabel(kind, multiple, value.length > 0)}
        </label>
        <input
          id={`${id}-input`}
          className="visually-hidden"
          type="file"
          accept={accept}
          multiple={multiple}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = "";
            void upload(files);
          }}
        />
      </div>
      {image && withLibrary ? (
        <ChooseFromLibrary
          multiple={multiple}
          ariaLabel={`Choose from library: ${label}`}
          onPick={(item) => {
            const picked: UploadedFile = { key: item.key, url: item.url, name: item.name, alt: item.alt };
            onChange(multiple ? [...latest.current, picked] : [picked]);
          }}
        />
      ) : null}
      {error ? (
        <p className={styles.error} id={`${id}-error`}>
          {error}
        </p>
      ) : null}

      {items.length > 0 ? (
        <ul className={styles.list} aria-label={`${label}: uploads in progress`}>
          {items.map((item) => (
            <li key={item.id} className={styles.item}>
              <span className={styles.name}>{item.name}</span>
              {item.status === "error" ? (
                <span className={styles.error}>{item.error}</span>
              ) : (
                <>
                  <progress className={styles.progress} max={100} value={item.progress} aria-label={`Uploading ${item.name}`} />
                  <span className={styles.percent}>{item.progress}%</span>
                </>
              )}
              <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => remove(item.id)}>
                {item.status === "error" ? "Dismiss" : "Cancel"}
                <span className="visually-hidden"> {item.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {value.length > 0 ? (
        <ul className={styles.list} aria-label={label}>
          {value.map((file, index) => (
            <li key={`${file.key}-${index}`} className={styles.item}>
              {kind === "image" && file.url ? <img className={styles.thumb} src={file.url} alt={file.name ?? ""} width={64} height={48} /> : null}
              <span className={styles.name}>{file.name ?? file.key}</span>
              {name ? <input type="hidden" name={multiple ? `${name}[${index}]` : name} value={file.key} /> : null}
              <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => onChange(latest.current.filter((_, i) => i !== index))}>
                Remove<span className="visually-hidden"> {file.name ?? file.key}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
