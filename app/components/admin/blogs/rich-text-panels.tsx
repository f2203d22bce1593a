import type { Editor } from "@tiptap/react";
import { useEffect, useId, useRef, useState } from "react";
import fieldStyles from "~/components/ui/form-field.module.css";
import { adminUi } from "../admin-page";
import { ChooseFromLibrary } from "../media/media-picker";
import { uploadFile } from "../upload";
import { isImageFile, notAnImageMessage } from "./image-files";
import styles from "./rich-text.module.css";

/** What an author types as a link becomes an address the sanitizer keeps (http(s), mailto, tel, or our own path). */
function normalizeHref(typed: string): string {
  const value = typed.trim();
  if (!value) return "";
  if (/^(https?:|mailto:|tel:)/i.test(value) || (value.startsWith("/") && !value.startsWith("//")) || value.startsWith("#")) return value;
  if (/^[\w.+-]+@[\w-]+\.[\w.-]+$/.test(value)) return `mailto:${value}`;
  return `https://${value.replace(/^\/+/, "")}`;
}

/** "street-food_2.jpg" → "Street food 2": a first alt text the author can change. */
function altFromFileName(name: string): string {
  const words = name
    .replace(/\.[a-z0-9]+$/i, "")
    .replace(/[-_]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "";
}

/** A panel's fields are not the post's: typing in one (then cancelling) is no unsaved change; what it inserts is. */
function keepFromForm(event: React.ChangeEvent) {
  event.stopPropagation();
}

function escapeCloses(onClose: () => void) {
  return (event: React.KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    }
  };
}

/** The frame every toolbar panel shares: a named group that Escape closes and whose typing is not the post's. */
export function EditorPanel({ id, title, onClose, children }: { id: string; title: string; onClose: () => void; children: React.ReactNode }) {
  return (
    <div className={styles.panel} role="group" aria-labelledby={`${id}-title`} onKeyDown={escapeCloses(onClose)} onChange={keepFromForm}>
      <p id={`${id}-title`} className={styles.panelTitle}>
        {title}
      </p>
      {children}
    </div>
  );
}

/** Add, change or remove the link on the selection (an inline panel: no browser prompt). */
export function LinkPanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [href, setHref] = useState(() => String(editor.getAttributes("link").href ?? ""));
  const hasLink = editor.isActive("link");
  useEffect(() => inputRef.current?.focus(), []);

  const apply = () => {
    const target = normalizeHref(href);
    const chain = editor.chain().focus().extendMarkRange("link");
    if (!target) chain.unsetLink().run();
    else if (editor.state.selection.empty && !hasLink) {
      // Nothing selected: the address itself becomes the linked text.
      chain.insertContent({ type: "text", text: href.trim(), marks: [{ type: "link", attrs: { href: target } }] }).run();
    } else chain.setLink({ href: target }).run();
    onClose();
  };

  return (
    <EditorPanel id={id} title={hasLink ? "Edit link" : "Add a link"} onClose={onClose}>
      <div className={fieldStyles.field}>
        <label htmlFor={`${id}-href`} className={fieldStyles.label}>
          Link address
        </label>
        <input
          ref={inputRef}
          id={`${id}-href`}
          className={fieldStyles.control}
          type="text"
          inputMode="url"
          placeholder="https://example.com or /packages/dubai"
          value={href}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            }
          }}
        />
      </div>
      <div className={styles.panelActions}>
        <button type="button" className={`${adminUi.button} ${adminUi.small} ${adminUi.primary}`} onClick={apply}>
          Apply link
        </button>
        {hasLink ? (
          <button
            type="button"
            className={`${adminUi.button} ${adminUi.small}`}
            onClick={() => {
              editor.chain().focus().extendMarkRange("link").unsetLink().run();
              onClose();
            }}
          >
            Remove link
          </button>
        ) : null}
        <button type="button" className={`${adminUi.button} ${adminUi.small}`} onClick={onClose}>
          Cancel
        </button>
      </div>
    </EditorPanel>
  );
}

/**
 * Insert an image into the article: chosen here, uploaded through the tus
 * pipeline (percentage shown), then placed at the cursor with its description.
 */
export function ImagePanel({ editor, onClose, onBusyChange }: { editor: Editor; onClose: () => void; onBusyChange: (busy: boolean) => void }) {
  const id = useId();
  const [alt, setAlt] = useState("");
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [message, setMessage] = useState("");
  const controller = useRef<AbortController | null>(null);
  const altRef = useRef<HTMLInputElement>(null);
  useEffect(() => altRef.current?.focus(), []);
  useEffect(() => () => controller.current?.abort(), []);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!isImageFile(file)) {
      setMessage(notAnImageMessage(file));
      return;
    }
    setMessage("");
    controller.current = new AbortController();
    setProgress({ name: file.name, percent: 0 });
    onBusyChange(true);
    try {
      const result = await uploadFile(file, {
        kind: "image",
        alt: alt.trim() || altFromFileName(file.name),
        signal: controller.current.signal,
        onProgress: (percent) => setProgress({ name: file.name, percent }),
      });
      editor
        .chain()
        .focus()
        .insertBlogImage({ src: result.url, alt: alt.trim() || altFromFileName(file.name), width: result.width, height: result.height })
        .run();
      onClose();
    } catch (error) {
      setMessage(error instanceof Error ? error.message : "The upload failed.");
      setProgress(null);
    } finally {
      onBusyChange(false);
    }
  };

  return (
    <EditorPanel id={id} title="Insert an image" onClose={onClose}>
      <div className={fieldStyles.field}>
        <label htmlFor={`${id}-alt`} className={fieldStyles.label}>
          Image description (alt text)
        </label>
        <input
          ref={altRef}
          id={`${id}-alt`}
          className={fieldStyles.control}
          value={alt}
          maxLength={200}
          aria-describedby={`${id}-alt-hint`}
          onChange={(event) => setAlt(event.target.value)}
        />
        <p id={`${id}-alt-hint`} className={styles.hint}>
          What the photo shows, for people who cannot see it. Left empty, the file name is used.
        </p>
      </div>
      <div className={styles.panelActions}>
        <label className={`${adminUi.button} ${adminUi.small} ${adminUi.primary}`} htmlFor={`${id}-file`}>
          Choose an image…
        </label>
        <input
          id={`${id}-file`}
          className="visually-hidden"
          type="file"
          accept="image/*"
          disabled={progress !== null}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            void upload(file);
          }}
        />
        <button
          type="button"
          className={`${adminUi.button} ${adminUi.small}`}
          onClick={() => {
            controller.current?.abort();
            onClose();
          }}
        >
          Cancel
        </button>
        <ChooseFromLibrary
          label="Choose from library…"
          title="Insert an image from the library"
          onPick={(item) => {
            editor
              .chain()
              .focus()
              .insertBlogImage({ src: item.url, alt: alt.trim() || item.alt.trim() || altFromFileName(item.name), width: item.width, height: item.height })
              .run();
            onClose();
          }}
        />
      </div>
      <div aria-live="polite" className={styles.progressLine}>
        {progress ? (
          <>
            <progress max={100} value={progress.percent} aria-label={`Uploading ${progress.name}`} />
            <span>
              Uploading {progress.name}: {progress.percent}%
            </span>
          </>
        ) : null}
      </div>
      {message ? (
        <p role="alert" className={fieldStyles.error}>
          {message}
        </p>
      ) : null}
    </EditorPanel>
  );
}
