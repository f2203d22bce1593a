import { useState } from "react";
import fieldStyles from "~/components/ui/form-field.module.css";
import { adminUi } from "../admin-page";
import { editorUi } from "../editor-layout";
import { useEditor, useFieldError } from "./editor-context";
import styles from "./package-editor.module.css";
import { ImageUploader } from "./package-uploads";
import { RowMenu, rowMenuItems } from "./row-menu";
import { useOfferUndo } from "./undo-notice";
import rowStyles from "./rows.module.css";
import { DragHandle, SortableList, SortableRow } from "./sortable-list";
import { useEditableList } from "./use-editable-list";

/** An image the package refers to: its media key (or address) and a preview URL when known. */
export type EditorImage = { key: string; url?: string; name?: string; alt?: string };
type GalleryImage = { media: string; url?: string; name?: string };

const isAddress = (value: string) => /^(https?:)?\//.test(value);

/**
 * An image's alt text. It lives in the media table (one text per file,
 * wherever the file is used), so the same file shows the same text in the
 * thumbnail and the gallery; only its first field posts it, as
 * imageAlts[n].key / imageAlts[n].alt.
 */
function AltField({
  field,
  mediaKey,
  label,
  post,
  alt,
  setAlt,
}: {
  field: string;
  mediaKey: string;
  label: string;
  post: number | null;
  alt: string;
  setAlt: (key: string, alt: string) => void;
}) {
  // Another site's image (an address) has no media row to hold alt text.
  if (isAddress(mediaKey)) return null;
  const id = `${field}-alt`;
  return (
    <div className={`${fieldStyles.field} ${styles.altField}`}>
      <label htmlFor={id} className={fieldStyles.label}>
        Alt text<span className="visually-hidden"> of {label}</span>
      </label>
      {post !== null ? <input type="hidden" name={`imageAlts[${post}].key`} value={mediaKey} /> : null}
      <input
        id={id}
        name={post !== null ? `imageAlts[${post}].alt` : undefined}
        className={fieldStyles.control}
        value={alt}
        maxLength={300}
        aria-describedby={alt.trim() ? undefined : `${id}-missing`}
        onChange={(event) => setAlt(mediaKey, event.target.value)}
      />
      {alt.trim() ? null : (
        <p id={`${id}-missing`} className={styles.altMissing}>
          No alt text yet: say what the photo shows.
        </p>
      )}
    </div>
  );
}

function Preview({ image, label }: { image: EditorImage; label: string }) {
  return image.url ? (
    <img src={image.url} alt={`${label}: ${image.name ?? image.key}`} width={160} height={120} />
  ) : (
    <span className={editorUi.previewPlaceholder}>{image.key}</span>
  );
}

function ImagesGroup({ name, title, children }: { name: string; title: string; children: React.ReactNode }) {
  const { message, errorId } = useFieldError(name);
  return (
    <section className={styles.group} aria-labelledby={`${name}-group-title`}>
      <h3 className={styles.groupTitle} id={`${name}-group-title`} tabIndex={-1}>
        {title}
      </h3>
      {message ? (
        <p id={errorId} className={fieldStyles.error}>
          {message}
        </p>
      ) : null}
      {children}
    </section>
  );
}

/**
 * The Photos section: the thumbnail (one image) and the gallery (many,
 * reordered by dragging or from each photo's "⋯" menu, removed with Undo),
 * each photo with its alt text; hidden inputs carry the keys in order.
 */
export function PhotosSection({
  thumbnail: initialThumbnail,
  gallery: initialGallery,
  alts: initialAlts,
  reporter,
}: {
  thumbnail: EditorImage | null;
  gallery: EditorImage[];
  /** Stored alt texts by media key. */
  alts: Record<string, string>;
  reporter: (name: string) => (busy: boolean) => void;
}) {
  const { markDirty } = useEditor();
  const [thumbnail, setThumbnail] = useState(initialThumbnail);
  const [alts, setAlts] = useState(initialAlts);
  const gallery = useEditableList<GalleryImage>({
    id: "gallery",
    initial: initialGallery.map((image) => ({ media: image.key, url: image.url, name: image.name })),
    label: (index) => `gallery image ${index + 1}`,
    emptyFocusId: "gallery-group-title",
  });
  const offerUndo = useOfferUndo();
  const setAlt = (key: string, alt: string) => {
    setAlts((current) => ({ ...current, [key]: alt }));
    markDirty();
  };
  // Each file's alt text posts once, from its first field.
  const posted = new Map<string, number>();
  const post = (key: string) => {
    if (!key || posted.has(key)) return null;
    posted.set(key, posted.size);
    return posted.get(key)!;
  };
  const altOf = (key: string) => alts[key] ?? "";
  // An image uploaded with alt text, or chosen from the library, brings its stored text (never posted as empty over it).
  const learnAlts = (images: EditorImage[]) =>
    setAlts((current) => {
      const next = { ...current };
      for (const image of images) if (!(image.key in next)) next[image.key] = image.alt ?? "";
      return next;
    });

  return (
    <>
      <ImagesGroup name="thumbnail" title="Thumbnail">
        {thumbnail ? (
          <ul className={styles.images} aria-label="Thumbnail">
            <li className={`${styles.image} ${editorUi.preview}`}>
              <Preview image={thumbnail} label="Thumbnail" />
              <input type="hidden" name="thumbnail" value={thumbnail.key} />
              <AltField
                field="thumbnail"
                mediaKey={thumbnail.key}
                label="the thumbnail"
                post={post(thumbnail.key)}
                alt={altOf(thumbnail.key)}
                setAlt={setAlt}
              />
              <button
                type="button"
                className={`${adminUi.button} ${adminUi.small}`}
                aria-label="Remove thumbnail"
                onClick={() => {
                  const removed = thumbnail;
                  setThumbnail(null);
                  markDirty();
                  offerUndo({
                    message: "Thumbnail removed.",
                    undoLabel: "Undo: bring back the thumbnail",
                    undo: () => {
                      setThumbnail(removed);
                      window.setTimeout(() => document.getElementById("thumbnail-alt")?.focus(), 0);
                    },
                    returnFocus: () => document.getElementById("thumbnail-group-title")?.focus(),
                  });
                }}
              >
                Remove
              </button>
            </li>
          </ul>
        ) : (
          <p className={adminUi.muted}>No thumbnail yet.</p>
        )}
        <ImageUploader
          label="Upload a thumbnail"
          add={(images) => {
            const last = images.at(-1);
            if (!last) return;
            learnAlts([last]);
            setThumbnail(last);
            markDirty();
          }}
          onBusyChange={reporter("thumbnail")}
        />
      </ImagesGroup>

      <ImagesGroup name="gallery" title="Gallery">
        {gallery.items.length === 0 ? <p className={adminUi.muted}>No gallery images yet.</p> : null}
        <SortableList id="gallery" keys={gallery.keys} labelOf={gallery.rows.label} onMove={gallery.rows.move} grid>
          <ol className={styles.images} aria-label="Gallery">
            {gallery.items.map((image, index) => {
              const label = `Gallery image ${index + 1}`;
              return (
                <SortableRow key={image.key} id={image.key} className={`${styles.image} ${editorUi.preview}`}>
                  <div className={rowStyles.rowHead}>
                    <DragHandle label={gallery.rows.label(index)} />
                    <span className={styles.imageNumber}>{index + 1}</span>
                    <RowMenu
                      id={gallery.rows.menuId(image.key)}
                      label={gallery.rows.label(index)}
                      items={rowMenuItems({
                        index,
                        count: gallery.items.length,
                        move: (to) => gallery.rows.move(index, to),
                        remove: () => gallery.rows.remove(index),
                      })}
                    />
                  </div>
                  <Preview image={{ key: image.media, url: image.url, name: image.name }} label={label} />
                  <input type="hidden" name={`gallery[${index}]`} value={image.media} />
                  <AltField
                    field={`gallery[${index}]`}
                    mediaKey={image.media}
                    label={label.toLowerCase()}
                    post={post(image.media)}
                    alt={altOf(image.media)}
                    setAlt={setAlt}
                  />
                </SortableRow>
              );
            })}
          </ol>
        </SortableList>
        <p aria-live="polite" className={rowStyles.status}>
          {gallery.status}
        </p>
        <ImageUploader
          label="Upload gallery images"
          multiple
          add={(images) => {
            learnAlts(images);
            for (const image of images) gallery.add({ media: image.key, url: image.url, name: image.name });
          }}
          onBusyChange={reporter("gallery")}
        />
      </ImagesGroup>
    </>
  );
}
