import { quoteFigures } from "./document-figures.server";
import { DocumentRefused, placeOfSupply, type PriceLine } from "./gst.server";
import { TaxRuleMissing, type GstScheme, type TaxRules } from "./tax-rules.server";
import { tcsOn, type EarlierReceipt } from "./tcs.server";

/**
 * The taxes a booking asks for with its price (ADR 115), worked out as the
 * quote works out the supply (ADR 092): GST on the taxable value, each tax to
 * the paisa, and on an overseas package TCS on the whole amount with GST at the
 * rule in force that day (the higher rate without a PAN). Pure: the caller
 * passes the price lines, the setting and the rules.
 *
 * Before the traveller's state is known the place of supply is taken to be the
 * agency's (CGST + SGST; across states IGST may differ by a paisa of rounding,
 * and saving the state works the taxes out again); before the agency's state
 * is set, one tax (IGST) at the rate.
 *
 * TCS (ADR 120): what the booking's receipts already collected, to the paisa,
 * at the rule and PAN state of their own day, plus TCS on the rest of the
 * supply at today's rule and PAN state, after the buyer's earlier receipts (so
 * slabs count them). A PAN saved or removed, or a new rule, changes the TCS on
 * the rest only; what was collected stays as collected (ADR 092).
 */

export type BookingTaxSetting = {
  scheme: GstScheme;
  overseas: boolean;
  agencyStateCode: string | null;
  overseasPlaceOfSupply: "traveller" | "agency";
  travellerStateCode: string | null;
  travellerGstin: string | null;
  /** The buyer's PAN, or null: TCS at the higher rate. */
  buyerPan: string | null;
};

export type BookingTaxes = {
  pricePaise: number;
  gstPaise: number;
  tcsPaise: number;
  /** Price + GST + TCS: what the booking asks for. */
  totalPaise: number;
  gstRateBps: number | null;
  tcsRateBps: number | null;
  /** Why no tax could be worked out (the documents refuse for the same reason), else null. */
  problem: string | null;
};

const untaxed = (pricePaise: number, problem: string | null): BookingTaxes => ({
  pricePaise,
  gstPaise: 0,
  tcsPaise: 0,
  totalPaise: pricePaise,
  gstRateBps: null,
  tcsRateBps: null,
  problem,
});

/** The booking's live receipts so far (receipt vouchers and payment receipts), summed, and the buyer's receipts for the slabs. */
export type ReceiptsSoFar = {
  /** The part of the receipts that paid for the package (their advances). */
  forPackagePaise: number;
  /** The TCS the receipts collected, exactly as they print it. */
  tcsPaise: number;
  /** The buyer's receipts on overseas packages, this booking's and others' under the same PAN (tcsOn's `earlier`). */
  earlier: readonly EarlierReceipt[];
};

export const NO_RECEIPTS: ReceiptsSoFar = { forPackagePaise: 0, tcsPaise: 0, earlier: [] };

/**
 * The booking's TCS on a supply of `supplyPaise` (price with GST): collected
 * so far, plus tcsOn the rest on `on` (nothing on the rest of a domestic
 * package). The collected TCS counts even if the package is no longer overseas:
 * it was paid, and the invoice nets it.
 */
export function bookingTcs(
  supplyPaise: number,
  receipts: ReceiptsSoFar,
  setting: Pick<BookingTaxSetting, "overseas" | "buyerPan">,
  rules: TaxRules,
  on: string,
): { tcsPaise: number; tcsRateBps: number | null } {
  const rest = Math.max(0, supplyPaise - receipts.forPackagePaise);
  const onRest = setting.overseas && rest > 0 ? tcsOn(rest, on, setting.buyerPan, receipts.earlier, rules) : null;
  return { tcsPaise: receipts.tcsPaise + (onRest?.amount ?? 0), tcsRateBps: onRest?.lines[0]?.rateBps ?? null };
}

/** No tax worked out, but TCS the receipts collected is still asked (it was paid). */
const collectedOnly = (pricePaise: number, receipts: ReceiptsSoFar) => ({
  tcsPaise: receipts.tcsPaise,
  totalPaise: pricePaise + receipts.tcsPaise,
});

/** The place of supply for the total: the documents' rule, else the agency's state while the traveller's is unknown. */
function placeForTotal(setting: BookingTaxSetting): { agency: string; place: string } {
  if (!setting.agencyStateCode) return { agency: "", place: "IGST" };
  try {
    return { agency: setting.agencyStateCode, place: placeOfSupply({ ...setting, agencyStateCode: setting.agencyStateCode }) };
  } catch {
    return { agency: setting.agencyStateCode, place: setting.agencyStateCode };
  }
}

/** GST and TCS on a booking's price lines on the Indian date `on`, after its `receipts` so far. */
export function bookingTaxes(
  lines: readonly PriceLine[],
  setting: BookingTaxSetting,
  rules: TaxRules,
  on: string,
  receipts: ReceiptsSoFar = NO_RECEIPTS,
): BookingTaxes {
  const pricePaise = lines.reduce((sum, line) => sum + line.amount, 0);
  const priceOnly = (price: number, problem: string | null): BookingTaxes => ({ ...untaxed(price, problem), ...collectedOnly(price, receipts) });
  if (pricePaise <= 0) return priceOnly(Math.max(0, pricePaise), null);
  const { agency, place } = placeForTotal(setting);
  try {
    const figures = quoteFigures(
      {
        lines,
        setting: { scheme: setting.scheme, overseas: setting.overseas, agencyStateCode: agency, placeOfSupplyStateCode: place, buyerPan: setting.buyerPan },
        rules,
        earlierReceipts: receipts.earlier,
      },
      on,
    );
    const gstPaise = figures.supply.amount - pricePaise;
    const { tcsPaise, tcsRateBps } = bookingTcs(figures.supply.amount, receipts, setting, rules, on);
    return { pricePaise, gstPaise, tcsPaise, totalPaise: figures.supply.amount + tcsPaise, gstRateBps: figures.rateBps, tcsRateBps, problem: null };
  } catch (error) {
    if (error instanceof DocumentRefused || error instanceof TaxRuleMissing) return priceOnly(pricePaise, error.message);
    throw error;
  }
}
