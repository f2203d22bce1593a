import styles from "./section-heading.module.css";

type SectionHeadingProps = {
  id: string;
  eyebrow: string;
  title: string;
  lede?: string;
  align?: "start" | "center";
  tone?: "light" | "dark";
};

/** The one heading style of the home page's sections: eyebrow, title, optional lede. */
export function SectionHeading({ id, eyebrow, title, lede, align = "start", tone = "light" }: SectionHeadingProps) {
  return (
    <div className={`${styles.heading} ${align === "center" ? styles.center : ""} ${tone === "dark" ? styles.dark : ""}`}>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {lede ? <p className={styles.lede}>{lede}</p> : null}
    </div>
  );
}
