import { useRef, useState } from "react";
import { adminUi } from "../admin-page";
import styles from "./list-editor.module.css";

/**
 * A short list edited in place (the FAQ, the traveller reviews): rows in
 * order with Move up, Move down and Remove, and an Add button. Each row's
 * fields post with conform's names (`faqs[2].question`), so the whole list
 * saves at once. Focus follows a moved row; a removed row hands it on.
 */
export function ListEditor<Item>({
  initial,
  blank,
  addLabel,
  itemLabel,
  renderRow,
  onChange,
}: {
  initial: Item[];
  blank: () => Item;
  addLabel: string;
  /** "question 3": names a row for its buttons. */
  itemLabel: (index: number) => string;
  renderRow: (item: Item, index: number) => React.ReactNode;
  onChange: () => void;
}) {
  const [rows, setRows] = useState(() => initial.map((item, index) => ({ key: index, item })));
  const [nextKey, setNextKey] = useState(initial.length);
  const [status, setStatus] = useState("");
  // Rows are found inside this list only: a screen may hold several lists whose row keys repeat.
  const container = useRef<HTMLDivElement>(null);
  const inList = <Element extends HTMLElement>(selector: string) => container.current?.querySelector<Element>(selector) ?? null;

  const focusButton = (key: number, action: string) =>
    window.setTimeout(() => inList<HTMLButtonElement>(`[data-row="${key}"] [data-action="${action}"]`)?.focus(), 0);
  const move = (from: number, to: number) => {
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(from, 1);
      next.splice(to, 0, row!);
      focusButton(row!.key, to < from ? "up" : "down");
      return next;
    });
    setStatus(`${capitalise(itemLabel(from))} is now ${itemLabel(to)}.`);
    onChange();
  };
  const remove = (index: number) => {
    setRows((current) => current.filter((_, at) => at !== index));
    setStatus(`${capitalise(itemLabel(index))} removed. Save to keep the change.`);
    onChange();
  };
  const add = () => {
    const key = nextKey;
    setNextKey(key + 1);
    setRows((current) => [...current, { key, item: blank() }]);
    window.setTimeout(() => inList(`[data-row="${key}"] input, [data-row="${key}"] textarea`)?.focus(), 0);
    onChange();
  };

  return (
    <div ref={container}>
      <ol className={styles.list}>
        {rows.map((row, index) => (
          <li key={row.key} data-row={row.key} className={styles.row}>
            <div className={styles.fields}>{renderRow(row.item, index)}</div>
            <div className={styles.actions}>
              <button
                type="button"
                className={adminUi.button}
                data-action="up"
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
                aria-label={`Move ${itemLabel(index)} up`}
              >
                Move up
              </button>
              <button
                type="button"
                className={adminUi.button}
                data-action="down"
                disabled={index === rows.length - 1}
                onClick={() => move(index, index + 1)}
                aria-label={`Move ${itemLabel(index)} down`}
              >
                Move down
              </button>
              <button type="button" className={adminUi.button} onClick={() => remove(index)} aria-label={`Remove ${itemLabel(index)}`}>
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className={adminUi.button} onClick={add}>
        {addLabel}
      </button>
      <p className={styles.status} role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
