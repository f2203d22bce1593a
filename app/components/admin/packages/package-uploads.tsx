import { useCallback, useRef, useState } from "react";
import { UploadField, type UploadedFile } from "../upload";
import type { EditorImage } from "./images-field";

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
      onChange={(files) => add(files.map((file) => ({ key: file.key, url: file.url, name: file.name })))}
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
