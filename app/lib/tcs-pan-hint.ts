import { percentText } from "./package-text";
import { formatInr } from "./price";

/**
 * The PAN field's hint on the trip page (issue 48, ADR 108 and 115): what the
 * PAN does to the TCS the booking asks, at the rates of the TCS rule in force
 * on the page's day (rules are data, ADR 092), never rates written in the page.
 */

/** A slab of the TCS rule in force: up to `upToPaise` of a buyer's receipts in a financial year (null: all the rest). */
export type TcsPanSlab = { upToPaise: number | null; withPanBps: number; withoutPanBps: number };

/**
 * The TCS the booking asks, for the hint: null when it asks none (a trip in
 * India); no slabs when it asks some but no rule is in force on the day.
 */
export type TcsPanRates = { slabs: readonly TcsPanSlab[] } | null;

export const PAN_FORMAT_HINT = "10 characters, e.g. ABCPK1234F.";
const TCS_USE = "Needed for the tax collected at source on trips abroad";

/** "2%"; with slabs, "5% of the first ₹10,00,000 in a financial year, 20% above". */
export function tcsRatesText(slabs: readonly TcsPanSlab[], rate: "withPanBps" | "withoutPanBps"): string {
  const rates = slabs.map((slab) => percentText(slab[rate] / 100));
  if (rates.every((text) => text === rates[0])) return rates[0] ?? "";
  return slabs
    .map((slab, index) => {
      if (slab.upToPaise === null) return `${rates[index]} above`;
      const upTo = formatInr(slab.upToPaise / 100);
      return index === 0 ? `${rates[index]} of the first ${upTo} in a financial year` : `${rates[index]} up to ${upTo}`;
    })
    .join(", ");
}

/**
 * The hint: the format; on a booking that asks TCS, why it is asked; for the
 * lead traveller (whose PAN the team can use for the booking's TCS), the rates
 * with and without it. Nothing about TCS on a booking that asks none.
 */
export function panHint(tcs: TcsPanRates, lead: boolean): string {
  if (!tcs) return PAN_FORMAT_HINT;
  const withPan = tcsRatesText(tcs.slabs, "withPanBps");
  const withoutPan = tcsRatesText(tcs.slabs, "withoutPanBps");
  if (!lead || tcs.slabs.length === 0 || withPan === withoutPan) return `${PAN_FORMAT_HINT} ${TCS_USE}.`;
  return `${PAN_FORMAT_HINT} ${TCS_USE}: with it, TCS is ${withPan} instead of ${withoutPan} once our team has added it to your booking.`;
}

/** The field's label: "PAN (for TCS)" only where the booking asks TCS. */
export const panLabel = (tcs: TcsPanRates) => (tcs ? "PAN (for TCS)" : "PAN");
