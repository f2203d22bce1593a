/** A plain domestic package row for the money and bookings benches (the price is Bali's adult price). */
export function benchPackageRow(id, { slug = `package-${id}`, title = `Package ${id}` } = {}) {
  return {
    id,
    slug,
    title,
    country: "India",
    region: "national",
    days: 5,
    nights: 4,
    description: "A package",
    priceFrom: 104500,
    price: { kind: "single", amount: 104500, unit: "per person" },
    thumbnail: "taj-mahal",
  };
}
