import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import type { FeaturedPackage } from "~/lib/package-view-model";
import { adminUi } from "../admin-page";
import styles from "./package-editor.module.css";

/**
 * The home carousel's order: one row per featured package, with Move up and
 * Move down. Each move is a small form post (it works without JavaScript);
 * after it, focus returns to the moved package's button, so the keyboard can
 * press again. At the ends the buttons stay focusable (aria-disabled).
 */
export function FeaturedOrder({ featured, moved }: { featured: FeaturedPackage[]; moved: { id: number; direction: "up" | "down" } | null }) {
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!moved) return;
    listRef.current?.querySelector<HTMLButtonElement>(`[data-move="${moved.id}-${moved.direction}"]`)?.focus();
  }, [moved]);

  if (featured.length === 0)
    return <p className={adminUi.muted}>No package is featured on the home page yet. Tick “Featured on home” in a package’s editor.</p>;
  return (
    <ol ref={listRef} className={styles.items} aria-label="Home carousel order">
      {featured.map((item, index) => (
        <li key={item.id} className={`${styles.item} ${styles.featuredRow}`}>
          <span className={styles.position} aria-hidden="true">
            {item.position}
          </span>
          <span className={styles.featuredTitle}>
            <Link to={`/admin/packages/${item.id}`}>{item.title}</Link>
            {item.status === "draft" ? <span className={adminUi.badge}> Draft: not shown until published</span> : null}
          </span>
          <Form method="post" className={styles.tools} preventScrollReset>
            <input type="hidden" name="packageId" value={item.id} />
            {(["up", "down"] as const).map((direction) => {
              const atEnd = direction === "up" ? index === 0 : index === featured.length - 1;
              return (
                <button
                  key={direction}
                  type="submit"
                  name="direction"
                  value={direction}
                  data-move={`${item.id}-${direction}`}
                  className={`${adminUi.button} ${adminUi.small}`}
                  aria-label={`Move ${item.title} ${direction}`}
                  aria-disabled={atEnd || undefined}
                  onClick={(event) => atEnd && event.preventDefault()}
                >
                  {direction === "up" ? "↑ Up" : "↓ Down"}
                </button>
              );
            })}
          </Form>
        </li>
      ))}
    </ol>
  );
}
