import type { ReactNode } from "react";
import { Link } from "react-router";
import styles from "./not-found-notice.module.css";

type NotFoundNoticeProps = {
  title: string;
  children: ReactNode;
  /** The main way back, e.g. to the blog list for a missing post. */
  primary?: { to: string; label: string };
  /** Small label above the title, e.g. "Error 404". */
  eyebrow?: string;
};

/** The site's friendly "not found"/error panel, used by every 404 and error boundary. */
export function NotFoundNotice({ title, children, primary = { to: "/", label: "Go to the home page" }, eyebrow = "Error 404" }: NotFoundNoticeProps) {
  return (
    <section className={styles.wrap} aria-labelledby="not-found-title">
      <div className={`container ${styles.panel}`}>
        <svg className={styles.art} viewBox="0 0 120 120" aria-hidden="true" focusable="false">
          <circle cx="60" cy="60" r="56" />
          <path d="M60 18l12 42-12 42-12-42z" className={styles.needle} />
          <circle cx="60" cy="60" r="6" className={styles.pin} />
        </svg>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 id="not-found-title" className={styles.title}>
          {title}
        </h1>
        <div className={styles.text}>{children}</div>
        <div className={styles.actions}>
          <Link to={primary.to} className="btn btn-primary">
            {primary.label}
          </Link>
          <Link to="/packages" className="btn btn-outline">
            Browse tour packages
          </Link>
          <Link to="/contact" className="btn btn-outline">
            Contact us
          </Link>
        </div>
      </div>
    </section>
  );
}
