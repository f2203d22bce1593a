import { memo, useCallback, useRef, useState } from "react";
import { adminUi } from "../admin-page";
import { UploadField, type UploadedFile } from "../upload";
import { useFieldError } from "./editor-context";
import type { EditorImage } from "./photos-section";

const IMAGE_HINT = "JPEG, PNG, WebP or AVIF, at most 25 MB. Drag and drop or choose.";

/** Whether any upload field of the editor is still uploading (saving waits for them). */
export function useUploadsBusy() {
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const callbacks = useRef(new Map<string, (value: boolean) => void>());
  const reporter = useCallback((name: string) => {
    let callback = callbacks.current.get(name);
    if (!callback) {
      callback = (value: boolean) => setBusy((current) => (current[name] === value ? current : { ...current, [name]: value }));
      callbacks.current.set(name, callback);
    }
    return callback;
  }, []);
  return { uploading: Object.values(busy).some(Boolean), reporter };
}

/** The uploader of the thumbnail or gallery: finished uploads join the image list. */
export function ImageUploader({
  label,
  multiple,
  add,
  onBusyChange,
}: {
  label: string;
  multiple?: boolean;
  add: (images: EditorImage[]) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  return (
    <UploadField
      label={label}
      kind="image"
      multiple={multiple}
      value={[]}
      onChange={(files) => add(files.map((file) => ({ key: file.key, url: file.url, name: file.name, alt: file.alt })))}
      description={IMAGE_HINT}
      onBusyChange={onBusyChange}
    />
  );
}

/** The PDF brochure: one file; its address is saved as brochureUrl. */
export function BrochureUploader({
  initial,
  error,
  onChange,
  onBusyChange,
  preview,
}: {
  initial: string;
  error?: string;
  onChange: () => void;
  onBusyChange: (busy: boolean) => void;
  /** The generated brochure's address with the draft changes; unset for a package not saved yet. */
  preview?: string;
}) {
  const [files, setFiles] = useState<UploadedFile[]>(initial ? [{ key: initial, url: initial, name: initial.split("/").pop() }] : []);
  // Only a PDF uploaded here overrides the brochure made from the package (ADR 042).
  const uploaded = files.some((file) => file.url?.startsWith("/media/brochures/"));
  return (
    <>
      <p id="brochure-in-use" className={adminUi.muted}>
        {uploaded
          ? "In use: the uploaded PDF. Travellers download it instead of the brochure made from this package; remove it to use that one again."
          : "In use: the brochure made from this package. It follows every saved change: prices, itinerary, departures and the agency's contacts."}
      </p>
      {preview ? (
        <p>
          <a href={preview} target="_blank" rel="noopener" className={adminUi.button}>
            Preview brochure
          </a>
        </p>
      ) : (
        <p className={adminUi.muted}>Save the package to preview its brochure.</p>
      )}
      <UploadField
        label="Brochure (PDF)"
        kind="brochure"
        name="brochureUrl"
        value={files}
        onChange={(next) => {
          setFiles(next);
          onChange();
        }}
        description="Optional: a PDF of at most 10 MB, used instead of the brochure made from this package."
        error={error}
        onBusyChange={onBusyChange}
      />
    </>
  );
}

/**
 * An itinerary day's photo: one image through the tus pipeline (progress,
 * remove, replace). Its media key posts as `name`; a photo replaced or removed
 * is deleted from storage once the save no longer refers to it.
 */
export const DayPhotoUploader = memo(function DayPhotoUploader({
  name,
  label,
  photo,
  preview,
  fileName,
  onChange,
  onBusyChange,
}: {
  name: string;
  label: string;
  photo: string;
  /** The photo's preview address, when known. */
  preview?: string;
  /** The name of a file uploaded here, shown instead of its media key. */
  fileName?: string;
  onChange: (photo: { key: string; url?: string; name?: string }) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const { message } = useFieldError(name);
  const value: UploadedFile[] = photo ? [{ key: photo, url: preview ?? (/^(https?:)?\//.test(photo) ? photo : ""), name: fileName }] : [];
  return (
    <UploadField
      label={label}
      kind="image"
      name={name}
      value={value}
      onChange={(files) => onChange(files[0] ? { key: files[0].key, url: files[0].url, name: files[0].name } : { key: "" })}
      description={IMAGE_HINT}
      error={message}
      onBusyChange={onBusyChange}
    />
  );
});
