import { useRef, useState } from "react";
import fieldStyles from "~/components/ui/form-field.module.css";
import { introWords, toggleHighlight } from "~/lib/intro-highlights";
import { adminUi } from "../admin-page";
import { useEditor, useFieldError } from "../packages/editor-context";
import styles from "./hero-form.module.css";

/**
 * The home intro paragraph with its highlighted words (ADR 044): select a word
 * (or put the cursor in it) and press "Highlight"; press it again to remove
 * the highlight. The marks (==word==) stay visible in the text, so the field
 * also works without JavaScript; the preview shows the result.
 */
export function IntroField({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  const ref = useRef<HTMLTextAreaElement>(null);
  const { markDirty } = useEditor();
  const { message, errorId, aria } = useFieldError("intro");
  const words = introWords(text);

  function highlight() {
    const field = ref.current;
    if (!field) return;
    const next = toggleHighlight(text, field.selectionStart, field.selectionEnd);
    setText(next.text);
    markDirty();
    // Keep the (widened) selection so a second press removes the highlight again.
    requestAnimationFrame(() => {
      field.focus();
      field.setSelectionRange(next.start, next.end);
    });
  }

  return (
    <div className={fieldStyles.field}>
      <label htmlFor="intro" className={fieldStyles.label}>
        Intro paragraph
      </label>
      <textarea
        ref={ref}
        id="intro"
        name="intro"
        rows={4}
        maxLength={1200}
        className={fieldStyles.control}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        {...aria}
        aria-describedby={[aria["aria-describedby"], "intro-hint"].filter(Boolean).join(" ")}
      />
      <p id="intro-hint" className={adminUi.muted}>
        Select a word and press Highlight to show it in green; press it again to remove the highlight. Highlighted words are written ==like this==.
      </p>
      {message ? (
        <p id={errorId} className={fieldStyles.error}>
          {message}
        </p>
      ) : null}
      <div>
        <button type="button" className={`${adminUi.button} ${adminUi.small}`} onClick={highlight} aria-controls="intro">
          Highlight
        </button>
      </div>
      <p className={styles.preview} aria-label="Intro preview">
        {words.map(({ word, highlighted }, index) => (
          <span key={index}>
            {highlighted ? <mark className={styles.highlighted}>{word}</mark> : word}
            {index < words.length - 1 ? " " : ""}
          </span>
        ))}
      </p>
    </div>
  );
}
