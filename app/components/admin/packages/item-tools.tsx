import { adminUi } from "../admin-page";
import styles from "./package-editor.module.css";

/**
 * Move up / Move down / Remove for one item of a list. The move buttons stay
 * focusable at the ends (aria-disabled, not disabled), so keyboard focus never
 * drops to the page when an item reaches the top or bottom.
 */
export function ItemTools({
  index,
  count,
  label,
  onMove,
  onRemove,
  children,
}: {
  index: number;
  count: number;
  /** Names the item in the buttons' accessible names, e.g. "day 2". */
  label: string;
  onMove: (to: number) => void;
  onRemove: () => void;
  children?: React.ReactNode;
}) {
  const first = index === 0;
  const last = index === count - 1;
  const small = `${adminUi.button} ${adminUi.small}`;
  return (
    <div className={styles.tools}>
      {children}
      <button type="button" className={small} aria-label={`Move ${label} up`} aria-disabled={first || undefined} onClick={() => !first && onMove(index - 1)}>
        ↑ Up
      </button>
      <button type="button" className={small} aria-label={`Move ${label} down`} aria-disabled={last || undefined} onClick={() => !last && onMove(index + 1)}>
        ↓ Down
      </button>
      <button type="button" className={small} aria-label={`Remove ${label}`} onClick={onRemove}>
        Remove
      </button>
    </div>
  );
}
