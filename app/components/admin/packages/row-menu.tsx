import { useEffect, useRef, useState } from "react";
import { rovingIndex } from "~/lib/roving-focus";
import styles from "./rows.module.css";

type RowMenuItem = { label: string; disabled?: boolean; run: () => void };

/**
 * A list row's "⋯" menu (Move up, Move down, Duplicate, Remove): the ARIA
 * menu button pattern. Enter, Space or ↓ opens it on the first item, ↑ on the
 * last; ↑ ↓ Home End move; Enter or Space chooses; Escape closes and returns
 * to the button; Tab closes and moves on; a click outside closes it. Items
 * that cannot act (Move up on the first row) stay focusable, aria-disabled.
 */
export function RowMenu({ id, label, items }: { id: string; label: string; items: RowMenuItem[] }) {
  const [open, setOpen] = useState<false | "first" | "last">(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = `${id}-items`;

  const itemButtons = () => [...(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const buttons = itemButtons();
    (open === "last" ? buttons.at(-1) : buttons[0])?.focus();
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  const choose = (item: RowMenuItem) => {
    if (item.disabled) return;
    setOpen(false);
    buttonRef.current?.focus();
    item.run();
  };

  const onMenuKeyDown = (event: React.KeyboardEvent) => {
    const buttons = itemButtons();
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = rovingIndex(event.key, at, buttons.length, "vertical");
    if (next !== null) buttons[next]?.focus();
    else if (event.key === "Escape") {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === "Tab") {
      setOpen(false);
      return;
    } else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div className={styles.menu}>
      <button
        ref={buttonRef}
        id={id}
        type="button"
        className={styles.menuButton}
        aria-label={`Actions for ${label}`}
        aria-haspopup="menu"
        aria-expanded={open ? true : false}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(open ? false : "first")}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setOpen(event.key === "ArrowUp" ? "last" : "first");
          }
        }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <ul ref={menuRef} id={menuId} role="menu" aria-labelledby={id} className={styles.menuList} onKeyDown={onMenuKeyDown}>
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-disabled={item.disabled || undefined}
                className={styles.menuItem}
                onClick={() => choose(item)}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The usual items of a list row's menu. */
export function rowMenuItems({
  index,
  count,
  move,
  duplicate,
  remove,
}: {
  index: number;
  count: number;
  move: (to: number) => void;
  duplicate?: () => void;
  remove: () => void;
}): RowMenuItem[] {
  return [
    { label: "Move up", disabled: index === 0, run: () => move(index - 1) },
    { label: "Move down", disabled: index === count - 1, run: () => move(index + 1) },
    ...(duplicate ? [{ label: "Duplicate", run: duplicate }] : []),
    { label: "Remove", run: remove },
  ];
}
