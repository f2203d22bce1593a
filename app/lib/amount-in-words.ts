/**
 * An amount in words as Indian tax documents write it (ADR 092): the Indian
 * system of crore, lakh and thousand, each word capitalised, no "and" inside
 * the rupees (it joins the paise), and "Only" at the end:
 * 1,04,500.50 → "Rupees One Lakh Four Thousand Five Hundred and Fifty Paise Only".
 */

const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 0–99: "Forty Two". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]} ${ONES[unit]}`;
}

/** A whole number of 1 or more in Indian words: 1,23,45,678 → "One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight". */
function indianWords(n: number): string {
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  // Past 99 crore the crores are counted in the same words: "One Lakh Crore".
  if (crore > 0) parts.push(`${indianWords(crore)} Crore`);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  const thousand = Math.floor((n % 100_000) / 1000);
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  const hundred = Math.floor((n % 1000) / 100);
  if (hundred > 0) parts.push(`${ONES[hundred]} Hundred`);
  const rest = n % 100;
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/** An amount of paise (a whole number, 0 or more) in words. */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount of paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const paiseWords = rest === 1 ? "One Paisa" : `${belowHundred(rest)} Paise`;
  if (rest === 0) return `Rupees ${rupees === 0 ? "Zero" : indianWords(rupees)} Only`;
  if (rupees === 0) return `${paiseWords} Only`;
  return `Rupees ${indianWords(rupees)} and ${paiseWords} Only`;
}
