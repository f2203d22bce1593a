import { useId, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import fieldStyles from "~/components/ui/form-field.module.css";
import { ALT_MAX, type LibraryItem, type MediaUse } from "~/lib/media-library";
import { adminUi } from "../admin-page";
import { ConfirmAction } from "../confirm-dialog";
import { isImageFile, notAnImageMessage } from "../blogs/image-files";
import { uploadFile } from "../upload";
import styles from "./media-library.module.css";

/** What the library's action answers on a refused change: shown on that image's card. */
type MediaActionAnswer = { id: number; intent: string; message: string; field?: string; alt?: string; uses?: MediaUse[] };

/** The alt text form: saved for the file, so every page that shows it says it. */
function AltForm({ item, answer }: { item: LibraryItem; answer?: MediaActionAnswer }) {
  const id = useId();
  const error = answer?.field === "alt" ? answer.message : undefined;
  return (
    <Form method="post" className={styles.altForm}>
      <input type="hidden" name="intent" value="alt" />
      <input type="hidden" name="id" value={item.id} />
      <div className={fieldStyles.field}>
        <label htmlFor={`${id}-alt`} className={fieldStyles.label}>
          Alt text<span className="visually-hidden"> of {item.name}</span>
        </label>
        <textarea
          id={`${id}-alt`}
          name="alt"
          rows={2}
          className={fieldStyles.control}
          defaultValue={answer?.alt ?? item.alt}
          maxLength={ALT_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-alt-error` : undefined}
        />
        {error ? (
          <p id={`${id}-alt-error`} className={styles.error}>
            {error}
          </p>
        ) : null}
      </div>
      <div className={styles.row}>
        <button type="submit" className={`${adminUi.button} ${adminUi.small}`}>
          Save alt text<span className="visually-hidden"> of {item.name}</span>
        </button>
      </div>
    </Form>
  );
}

/** Replace the file: upload the new one (tus), then the library swaps it in for every use. */
function ReplaceFile({ item, answer }: { item: LibraryItem; answer?: MediaActionAnswer }) {
  const id = useId();
  const submit = useSubmit();
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState("");
  const error = message || (answer?.intent === "replace" ? answer.message : "");
  async function replace(file: File | undefined) {
    if (!file) return;
    if (!isImageFile(file)) return setMessage(notAnImageMessage(file));
    setMessage("");
    setProgress(0);
    try {
      const result = await uploadFile(file, { kind: "image", alt: item.alt, onProgress: setProgress });
      await submit({ intent: "replace", id: String(item.id), upload: result.key }, { method: "post" });
    } catch (failure) {
      setMessage(failure instanceof Error ? failure.message : "The upload failed.");
    } finally {
      setProgress(null);
    }
  }
  return (
    <div className={`${styles.row} ${styles.replace}`}>
      <label htmlFor={`${id}-file`} className={`${adminUi.button} ${adminUi.small}`}>
        Replace the file<span className="visually-hidden"> of {item.name}</span>
      </label>
      <input
        id={`${id}-file`}
        className="visually-hidden"
        type="file"
        accept="image/*"
        disabled={progress !== null}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          void replace(file);
        }}
      />
      <span id={`${id}-hint`} className="visually-hidden">
        Every page that uses this image shows the new file.
      </span>
      <span aria-live="polite" className={styles.note}>
        {progress !== null ? `Uploading: ${progress}%` : ""}
      </span>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Delete: offered only for an uploaded image nothing uses, confirmed in the page's dialog. */
function DeleteImage({ item, answer }: { item: LibraryItem; answer?: MediaActionAnswer }) {
  const busy = useNavigation().state !== "idle";
  if (answer?.intent === "delete") {
    return (
      <div>
        <p className={styles.error} role="alert">
          {answer.message}
        </p>
        {answer.uses?.length ? <p className={styles.note}>Used by: {answer.uses.map((use) => use.label).join(", ")}</p> : null}
      </div>
    );
  }
  if (item.uses.length > 0) return <p className={styles.note}>In use, so it cannot be deleted: remove it from the places above first.</p>;
  if (!item.uploaded) return <p className={styles.note}>A site photo (credited at /credits): kept.</p>;
  return (
    <ConfirmAction
      small
      tone="danger"
      disabled={busy}
      triggerLabel={
        <>
          Delete<span className="visually-hidden"> {item.name}</span>
        </>
      }
      title={`Delete ${item.name}?`}
      description={<p>Nothing uses this image. Its files are removed from the site; this cannot be undone.</p>}
      confirmLabel="Delete the image"
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={item.id} />
    </ConfirmAction>
  );
}

/** The library card's actions: alt text, replace, delete. */
export function MediaCardActions({ item, answer }: { item: LibraryItem; answer?: MediaActionAnswer }) {
  return (
    <div className={styles.actions}>
      <AltForm item={item} answer={answer} />
      <ReplaceFile item={item} answer={answer} />
      <DeleteImage item={item} answer={answer} />
    </div>
  );
}
