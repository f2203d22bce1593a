import { useState } from "react";
import { adminUi } from "../admin-page";
import { useEditor } from "./editor-context";
import { EditorInput } from "./editor-field";
import { ItemTools } from "./item-tools";
import styles from "./package-editor.module.css";
import { useKeyedList } from "./use-list";

/** Highlights, included, excluded: a list of lines to add, remove and reorder. */
export function StringListField({ name, title, itemLabel, initial }: { name: string; title: string; itemLabel: string; initial: string[] }) {
  const { markDirty } = useEditor();
  const list = useKeyedList(
    initial.map((value) => ({ value })),
    markDirty,
  );
  const [status, setStatus] = useState("");
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{title}</legend>
      <ol className={styles.items}>
        {list.items.map((item, index) => (
          <li key={item.key} className={styles.itemRow}>
            <EditorInput
              name={`${name}[${index}]`}
              label={`${itemLabel} ${index + 1}`}
              value={item.value}
              onChange={(event) => list.change(index, { value: event.target.value })}
              maxLength={500}
            />
            <ItemTools
              index={index}
              count={list.items.length}
              label={`${itemLabel.toLowerCase()} ${index + 1}`}
              onMove={(to) => {
                list.move(index, to);
                setStatus(`${itemLabel} moved to position ${to + 1}.`);
              }}
              onRemove={() => list.remove(index)}
            />
          </li>
        ))}
      </ol>
      <p aria-live="polite" className={adminUi.muted}>
        {status}
      </p>
      <button type="button" className={`${adminUi.button} ${adminUi.small}`} onClick={() => list.add({ value: "" })}>
        Add {itemLabel.toLowerCase()}
      </button>
    </fieldset>
  );
}
