import styles from "./faq-list.module.css";

type FaqItem = { id: number; question: string; answer: string };

/**
 * Spec FAQ: the first item open by default, a click toggles each. Native
 * <details> toggles without JavaScript and is announced as expandable.
 */
export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className={styles.list}>
      {items.map((item, index) => (
        <details key={item.id} className={styles.item} open={index === 0}>
          <summary className={styles.question}>
            <span>{item.question}</span>
            <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 5v14M5 12h14" />
            </svg>
          </summary>
          <p className={styles.answer}>{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
