import styles from "./rich-text.module.css";

/**
 * Stored rich text (blog posts, legal pages). `html` must be the output of
 * sanitizeRichHtml on the server: this is the one place that injects HTML.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={`${styles.prose} ${className ?? ""}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
