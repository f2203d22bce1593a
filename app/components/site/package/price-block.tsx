import type { PriceBlock as PriceBlockData } from "~/lib/package-view-model";
import styles from "./price-block.module.css";

/**
 * Spec §3 prices: one price, adult/child prices, or (Bangalore–Mysore–Ooty)
 * hotel options each with their hotel table; always with the tax text.
 */
export function PriceBlock({ price }: { price: PriceBlockData }) {
  return (
    <section className={styles.block} aria-labelledby="price-heading">
      <h2 id="price-heading" className={styles.heading}>
        Price
      </h2>
      {price.lines.length === 1 ? (
        <p className={styles.single}>
          <span className={styles.amount}>{price.lines[0]!.amount}</span> {price.lines[0]!.unit} <span className={styles.tax}>{price.taxNote}</span>
        </p>
      ) : null}
      {price.lines.length > 1 ? (
        <>
          <table className={styles.lines}>
            <caption className="visually-hidden">Price per traveller</caption>
            <tbody>
              {price.lines.map((line) => (
                <tr key={line.label}>
                  <th scope="row">{line.label}</th>
                  <td>
                    <span className={styles.amount}>{line.amount}</span> {line.unit}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={styles.note}>Each price {price.taxNote}.</p>
        </>
      ) : null}
      {price.options.length > 0 ? (
        <>
          <p className={styles.single}>
            From <span className={styles.amount}>{price.from}</span> per person <span className={styles.tax}>{price.taxNote}</span>
          </p>
          <div className={styles.options}>
            {price.options.map((option) => (
              <div key={option.label} className={styles.option}>
                <h3 className={styles.optionTitle}>
                  {option.label}:{" "}
                  <span>
                    {option.amount} {option.unit} {price.taxNote}
                  </span>
                </h3>
                <table className={styles.hotels}>
                  <caption className="visually-hidden">Hotels of {option.label}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Stay</th>
                      <th scope="col">Hotel and room</th>
                      <th scope="col">Meals</th>
                    </tr>
                  </thead>
                  <tbody>
                    {option.hotels.map((stay) => (
                      <tr key={stay.destination}>
                        <th scope="row">
                          {stay.destination}
                          <span className={styles.sub}>
                            {stay.nights} {stay.nights === 1 ? "night" : "nights"}
                          </span>
                        </th>
                        <td>
                          {stay.hotel}
                          <span className={styles.sub}>{stay.roomType}</span>
                        </td>
                        <td>{stay.mealPlan}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
