import { useEffect, useRef, useState, type ChangeEvent } from "react";
import {
  REVIEW_PHOTO_ACCEPT,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTO_TOO_LARGE,
  REVIEW_PHOTO_TOO_MANY,
  REVIEW_PHOTOS_FIELD,
  REVIEW_PHOTOS_MAX,
} from "~/lib/review";
import styles from "./review-form.module.css";

type Chosen = { url: string; name: string };

/**
 * The review's photos (issue 48, ADR 118): a plain file input posted with the
 * form (multipart), so the page needs no upload library. Too many or too large
 * is said at once, beside the field, and the choice is cleared; the text typed
 * above is never touched. The server's refusal (not a photo, too many pixels)
 * shows here too, until another choice is made.
 */
export function ReviewPhotoField({ serverError }: { serverError?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [problem, setProblem] = useState<string>();
  const [changed, setChanged] = useState(false);
  useEffect(() => setChanged(false), [serverError]);
  useEffect(() => () => chosen.forEach((photo) => URL.revokeObjectURL(photo.url)), [chosen]);
  const choose = (files: File[]) => {
    setChanged(true);
    const refusal =
      files.length > REVIEW_PHOTOS_MAX ? REVIEW_PHOTO_TOO_MANY : files.some((file) => file.size > REVIEW_PHOTO_MAX_BYTES) ? REVIEW_PHOTO_TOO_LARGE : undefined;
    setProblem(refusal);
    if (refusal && input.current) input.current.value = "";
    setChosen(refusal ? [] : files.map((file) => ({ url: URL.createObjectURL(file), name: file.name })));
  };
  const clear = () => {
    if (input.current) input.current.value = "";
    choose([]);
    input.current?.focus();
  };
  const error = problem ?? (changed ? undefined : serverError);
  return (
    <div className={styles.photos}>
      <label htmlFor="review-photos" className={styles.photosLabel}>
        Photos (optional, up to {REVIEW_PHOTOS_MAX})
      </label>
      <p id="review-photos-hint" className={styles.hint}>
        JPEG, PNG or WebP, up to {REVIEW_PHOTO_MAX_BYTES / 1024 / 1024} MB each. We remove the location and camera details before anyone sees them.
      </p>
      <input
        ref={input}
        id="review-photos"
        type="file"
        name={REVIEW_PHOTOS_FIELD}
        accept={REVIEW_PHOTO_ACCEPT}
        multiple
        className={styles.photoInput}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "review-photos-hint review-photos-error" : "review-photos-hint"}
        onChange={(event: ChangeEvent<HTMLInputElement>) => choose(Array.from(event.currentTarget.files ?? []))}
      />
      {error ? (
        <p id="review-photos-error" className={styles.error}>
          {error}
        </p>
      ) : null}
      {chosen.length > 0 ? (
        <div className={styles.previewRow}>
          <ul className={styles.previews} aria-label="Photos chosen">
            {chosen.map((photo) => (
              <li key={photo.url}>
                <img src={photo.url} alt={photo.name} width={64} height={64} className={styles.preview} />
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-outline" onClick={clear}>
            Remove the photos
          </button>
        </div>
      ) : null}
    </div>
  );
}
