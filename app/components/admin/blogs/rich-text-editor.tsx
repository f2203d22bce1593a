import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId, useRef, useState } from "react";
import fieldStyles from "~/components/ui/form-field.module.css";
import { adminUi } from "../admin-page";
import { editorLosses, lossNotice } from "./editor-losses";
import { ImageAltPanel } from "./image-alt-panel";
import { BlogImage } from "./image-node";
import { ImagePanel, LinkPanel } from "./rich-text-panels";
import styles from "./rich-text.module.css";
import { RichTextToolbar, type ToolPanel } from "./rich-text-toolbar";

/**
 * The editor's HTML as saved: "" when empty, and without the empty paragraph
 * StarterKit's trailing node keeps at the end (so a list or an image can be
 * followed by text) — that paragraph is editing room, not content.
 */
function savedHtml(editor: { isEmpty: boolean; getHTML: () => string }): string {
  return editor.isEmpty ? "" : editor.getHTML().replace(/(<p><\/p>)+$/, "");
}

type RichTextEditorProps = {
  /** The form field that carries the HTML. */
  name: string;
  label: string;
  initialHtml: string;
  /** The HTML after an edit that changed the content (not the editor's own normalizing of what it loaded). */
  onChange: (html: string) => void;
  /** Told while an inserted image uploads (saving waits for it). */
  onBusyChange: (busy: boolean) => void;
  error?: string;
};

/**
 * The article editor: TipTap 3 with StarterKit (headings, bold, italic,
 * underline, strike, code, lists, quote, code block, divider, line break,
 * link, undo/redo) and our image node. TipTap renders nothing on the server
 * (immediatelyRender: false), so the server page, and a browser without
 * JavaScript, get a plain textarea of HTML under the same name; once the
 * editor runs, a hidden field mirrors its HTML instead — unless the editor
 * would drop part of the post (a table, a figure…): then the textarea stays,
 * with a notice saying why, so that saving keeps everything.
 */
export function RichTextEditor({ name, label, initialHtml, onChange, onBusyChange, error }: RichTextEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const fallbackRef = useRef<HTMLTextAreaElement>(null);
  const [html, setHtml] = useState(initialHtml);
  const [panel, setPanel] = useState<ToolPanel>(null);
  // What the visual editor would drop of the post: null until it has loaded it (and on the server).
  const [losses, setLosses] = useState<string[] | null>(null);
  // Whether the author asked for the visual editor again (the notice then says "still").
  const [retried, setRetried] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // The loaded content as the editor writes it: a change is a difference from this.
  const baseline = useRef<string | null>(null);

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        // The page's title is the h1: the article starts at h2.
        // (h4 has no tool, but the sanitizer allows it, so a post that has one keeps it.)
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          protocols: [],
          // Links open in a new tab; the sanitizer adds rel="noopener noreferrer" to every _blank.
          HTMLAttributes: { target: "_blank", rel: "noopener noreferrer" },
        },
        underline: {},
      }),
      BlogImage,
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        class: styles.content!,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
      },
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
          event.preventDefault();
          setPanel("link");
          return true;
        }
        return false;
      },
    },
    onCreate: ({ editor: created }) => {
      baseline.current = savedHtml(created);
      // Anything typed into the fallback before the editor started is kept.
      const typed = fallbackRef.current?.value;
      const source = typed ?? initialHtml;
      if (source !== initialHtml) created.chain().setMeta("addToHistory", false).setContent(source, { emitUpdate: false }).run();
      const found = editorLosses(source, savedHtml(created));
      setLosses(found);
      if (found.length === 0) adopt(savedHtml(created));
    },
    onUpdate: ({ editor: updated }) => adopt(savedHtml(updated)),
  });

  /** The editor's HTML becomes the field's; a difference from what was loaded is an edit. */
  function adopt(next: string) {
    setHtml(next);
    if (next !== baseline.current) onChangeRef.current(next);
  }

  /** From the HTML field back to the visual editor, if it can now keep everything (e.g. the table was taken out). */
  const tryVisual = () => {
    if (!editor || !fallbackRef.current) return;
    const source = fallbackRef.current.value;
    editor.chain().setMeta("addToHistory", false).setContent(source, { emitUpdate: false }).run();
    const found = editorLosses(source, savedHtml(editor));
    setLosses(found);
    setRetried(true);
    if (found.length === 0) adopt(savedHtml(editor));
  };

  const visual = editor !== null && losses?.length === 0;
  const hasLosses = editor !== null && losses !== null && losses.length > 0;
  const noticeId = `${id}-notice`;

  // The error's wiring lives on the editable element itself.
  useEffect(() => {
    if (!editor) return;
    const dom = editor.view.dom;
    if (error) {
      dom.setAttribute("aria-invalid", "true");
      dom.setAttribute("aria-describedby", errorId);
    } else {
      dom.removeAttribute("aria-invalid");
      dom.removeAttribute("aria-describedby");
    }
  }, [editor, error, errorId]);

  // Switched from the HTML field (whose button is now gone): the article takes the focus.
  useEffect(() => {
    if (visual && retried) editor.commands.focus("start");
  }, [visual, retried, editor]);

  const closePanel = () => {
    setPanel(null);
    editor?.commands.focus();
  };

  return (
    <div className={`${fieldStyles.field} ${styles.root}`}>
      {visual ? (
        <span id={labelId} className={fieldStyles.label} onClick={() => editor.commands.focus()}>
          {label}
        </span>
      ) : (
        <label id={labelId} htmlFor={`${id}-fallback`} className={fieldStyles.label}>
          {label} (HTML)
        </label>
      )}
      <div className={hasLosses ? styles.lossNotice : "visually-hidden"}>
        {/* Always in the page, so screen readers announce the notice when it appears. */}
        <div role="status" id={noticeId}>
          {hasLosses ? <p className={styles.lossText}>{lossNotice(losses, retried)}</p> : null}
        </div>
        {hasLosses ? (
          <button type="button" className={`${adminUi.button} ${adminUi.small}`} onClick={tryVisual}>
            Use the visual editor
          </button>
        ) : null}
      </div>
      {visual ? (
        <div className={`${styles.frame} ${error ? styles.invalid : ""}`}>
          <RichTextToolbar editor={editor} label={`${label} formatting`} panel={panel} openPanel={setPanel} />
          {panel === "link" ? <LinkPanel editor={editor} onClose={closePanel} /> : null}
          {panel === "image" ? <ImagePanel editor={editor} onClose={closePanel} onBusyChange={onBusyChange} /> : null}
          {panel === "alt" ? <ImageAltPanel editor={editor} onClose={closePanel} /> : null}
          <EditorContent editor={editor} />
          <input type="hidden" name={name} value={html} />
        </div>
      ) : (
        <textarea
          ref={fallbackRef}
          id={`${id}-fallback`}
          name={name}
          className={`${fieldStyles.control} ${styles.fallback}`}
          rows={16}
          defaultValue={initialHtml}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hasLosses ? noticeId : "", error ? errorId : ""].join(" ").trim() || undefined}
          onChange={(event) => onChangeRef.current(event.target.value)}
        />
      )}
      {error ? (
        <p id={errorId} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
