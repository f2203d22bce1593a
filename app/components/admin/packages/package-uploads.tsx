import { memo, useCallback, useRef, useState } from "react";
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
}: {
  initial: string;
  error?: string;
  onChange: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const [files, setFiles] = useState<UploadedFile[]>(initial ? [{ key: initial, url: initial, name: initial.split("/").pop() }] : []);
  return (
    <UploadField
      label="Brochure (PDF)"
      kind="brochure"
      name="brochureUrl"
      value={files}
      onChange={(next) => {
        setFiles(next);
        onChange();
      }}
      description="A PDF of at most 10 MB."
      error={error}
      onBusyChange={onBusyChange}
    />
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
