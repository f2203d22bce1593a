import { useEditorState, type Editor } from "@tiptap/react";
import { useRef, useState, type KeyboardEvent } from "react";
import { rovingIndex } from "~/lib/roving-focus";
import { selectedImage } from "./image-node";
import styles from "./rich-text.module.css";

export type ToolPanel = "link" | "image" | "alt" | null;

type Tool = {
  id: string;
  label: string;
  /** aria-keyshortcuts and the tooltip. */
  keys?: string;
  /** A toggle (aria-pressed) when set. */
  active?: (editor: Editor) => boolean;
  enabled?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
  className?: string;
  /** Starts a new group (a divider before it). */
  group?: boolean;
  /** The tooltip, when the label alone does not say it. */
  hint?: string;
  /** Opens a panel under the toolbar (aria-expanded instead of aria-pressed). */
  panel?: Exclude<ToolPanel, null>;
};

function tools(openPanel: (panel: ToolPanel) => void): Tool[] {
  return [
    { id: "undo", label: "Undo", keys: "Control+Z", enabled: (e) => e.can().undo(), run: (e) => e.chain().focus().undo().run() },
    { id: "redo", label: "Redo", keys: "Control+Shift+Z", enabled: (e) => e.can().redo(), run: (e) => e.chain().focus().redo().run() },
    {
      id: "h2",
      label: "Heading",
      keys: "Control+Alt+2",
      group: true,
      active: (e) => e.isActive("heading", { level: 2 }),
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      id: "h3",
      label: "Subheading",
      keys: "Control+Alt+3",
      active: (e) => e.isActive("heading", { level: 3 }),
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      id: "bold",
      label: "Bold",
      keys: "Control+B",
      group: true,
      className: styles.bold,
      active: (e) => e.isActive("bold"),
      run: (e) => e.chain().focus().toggleBold().run(),
    },
    {
      id: "italic",
      label: "Italic",
      keys: "Control+I",
      className: styles.italic,
      active: (e) => e.isActive("italic"),
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
    {
      id: "underline",
      label: "Underline",
      keys: "Control+U",
      className: styles.underline,
      active: (e) => e.isActive("underline"),
      run: (e) => e.chain().focus().toggleUnderline().run(),
    },
    {
      id: "bullets",
      label: "Bulleted list",
      keys: "Control+Shift+8",
      group: true,
      active: (e) => e.isActive("bulletList"),
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      id: "numbers",
      label: "Numbered list",
      keys: "Control+Shift+7",
      active: (e) => e.isActive("orderedList"),
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    { id: "quote", label: "Quote", keys: "Control+Shift+B", active: (e) => e.isActive("blockquote"), run: (e) => e.chain().focus().toggleBlockquote().run() },
    {
      id: "codeBlock",
      label: "Code block",
      keys: "Control+Alt+C",
      active: (e) => e.isActive("codeBlock"),
      run: (e) => e.chain().focus().toggleCodeBlock().run(),
    },
    { id: "divider", label: "Divider", run: (e) => e.chain().focus().setHorizontalRule().run() },
    { id: "link", label: "Link", group: true, panel: "link", keys: "Control+K", active: (e) => e.isActive("link"), run: () => openPanel("link") },
    { id: "image", label: "Image", panel: "image", run: () => openPanel("image") },
    // Usable while an image is selected (clicked, or reached with the arrow keys).
    {
      id: "alt",
      label: "Alt text",
      hint: "Alt text of the selected image",
      panel: "alt",
      enabled: (e) => selectedImage(e) !== null,
      run: () => openPanel("alt"),
    },
  ];
}

/**
 * The formatting toolbar (WAI-ARIA toolbar pattern): one tab stop, arrow keys
 * (and Home/End) move between tools, Enter or Space uses one. Toggles say
 * whether they are on (aria-pressed); the editor's own shortcuts work too.
 */
export function RichTextToolbar({
  editor,
  label,
  panel,
  openPanel,
}: {
  editor: Editor;
  label: string;
  panel: ToolPanel;
  openPanel: (panel: ToolPanel) => void;
}) {
  const list = tools(openPanel);
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => Object.fromEntries(list.map((tool) => [tool.id, { active: tool.active?.(e) ?? null, enabled: tool.enabled?.(e) ?? true }])),
  });

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = rovingIndex(event.key, current, list.length);
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  return (
    <div role="toolbar" aria-label={label} className={styles.toolbar} onKeyDown={move}>
      {list.map((tool, index) => {
        const toolState = state[tool.id];
        const on = Boolean(toolState?.active);
        const disabled = toolState?.enabled === false;
        return (
          <button
            key={tool.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            className={`${styles.tool} ${tool.group ? styles.groupStart : ""} ${on ? styles.on : ""} ${tool.className ?? ""}`}
            tabIndex={index === current ? 0 : -1}
            aria-pressed={tool.active && !tool.panel ? on : undefined}
            aria-expanded={tool.panel ? panel === tool.panel : undefined}
            aria-disabled={disabled || undefined}
            aria-keyshortcuts={tool.keys}
            title={tool.keys ? `${tool.label} (${tool.keys.replace(/Control/g, "Ctrl")})` : (tool.hint ?? tool.label)}
            onFocus={() => setCurrent(index)}
            onClick={() => {
              if (!disabled) tool.run(editor);
            }}
          >
            {tool.label}
          </button>
        );
      })}
    </div>
  );
}
