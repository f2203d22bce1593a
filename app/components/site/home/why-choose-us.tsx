import { HomeIcon } from "./home-icon";
import styles from "./why-choose-us.module.css";

export type HomeCard = { id: number; title: string; body: string; icon: string };

/** Why Choose Us: the four reasons, as cards. */
export function WhyChooseUs({ cards }: { cards: HomeCard[] }) {
  return (
    <ul className={styles.grid}>
      {cards.map((card) => (
        <li key={card.id} className={styles.card}>
          <span className={styles.icon}>
            <HomeIcon name={card.icon} />
          </span>
          <h3 className={styles.title}>{card.title}</h3>
          <p className={styles.body}>{card.body}</p>
        </li>
      ))}
    </ul>
  );
}
