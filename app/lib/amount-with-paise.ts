const inrWithPaise = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * "₹1,04,500.00": an amount of paise in Indian grouping, always with two
 * decimals, as tax documents print every figure (so columns line up and a
 * paisa is never dropped); prices elsewhere drop ".00".
 */
export function formatWithPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not an amount of paise: ${paise}`);
  // Whole rupees and paise apart, so that no amount passes through a fraction of a float.
  const sign = paise < 0 ? "-" : "";
  const rupees = inrWithPaise.format(Math.floor(Math.abs(paise) / 100)).slice(0, -3);
  return `${sign}${rupees}.${String(Math.abs(paise) % 100).padStart(2, "0")}`;
}
