import type { AmountSplit, TaxName } from "~/server/tax/gst.server";

/**
 * Helpers for the golden tax scenarios: expected figures are written as the
 * documents print them ("1,04,500.00"), by hand, and read into paise here.
 */

/** "1,04,500.00" (or "-500.00") in paise. */
export function rs(text: string): number {
  const match = /^(-)?(\d{1,3}(?:,\d\d)*(?:,\d{3})?|\d+)\.(\d\d)$/.exec(text);
  if (!match) throw new Error(`Write amounts as 1,04,500.00, not ${text}`);
  const paise = Number(match[2]!.replaceAll(",", "")) * 100 + Number(match[3]);
  return match[1] ? -paise : paise;
}

type Tax = [TaxName, number, string];

/** An amount made of a taxable value and taxes (each [name, rate in basis points, amount]); `pureAgent` for costs passed on. */
export function split(amount: string, taxable: string, taxes: Tax[], pureAgent = "0.00"): AmountSplit {
  return {
    amount: rs(amount),
    pureAgent: rs(pureAgent),
    taxable: rs(taxable),
    taxes: taxes.map(([tax, rateBps, value]) => ({ tax, rateBps, amount: rs(value) })),
  };
}

/** CGST and SGST at half of a rate each. */
export const intra = (rateBps: number, each: string): Tax[] => [
  ["CGST", rateBps / 2, each],
  ["SGST", rateBps / 2, each],
];
export const inter = (rateBps: number, amount: string): Tax[] => [["IGST", rateBps, amount]];
