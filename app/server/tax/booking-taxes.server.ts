import { quoteFigures } from "./document-figures.server";
import { DocumentRefused, placeOfSupply, type PriceLine } from "./gst.server";
import { TaxRuleMissing, type GstScheme, type TaxRules } from "./tax-rules.server";

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

const priceOnly = (pricePaise: number, problem: string | null): BookingTaxes => ({
  pricePaise,
  gstPaise: 0,
  tcsPaise: 0,
  totalPaise: pricePaise,
  gstRateBps: null,
  tcsRateBps: null,
  problem,
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

/** GST and TCS on a booking's price lines on the Indian date `on`. */
export function bookingTaxes(lines: readonly PriceLine[], setting: BookingTaxSetting, rules: TaxRules, on: string): BookingTaxes {
  const pricePaise = lines.reduce((sum, line) => sum + line.amount, 0);
  if (pricePaise <= 0) return priceOnly(Math.max(0, pricePaise), null);
  const { agency, place } = placeForTotal(setting);
  try {
    const figures = quoteFigures(
      {
        lines,
        setting: { scheme: setting.scheme, overseas: setting.overseas, agencyStateCode: agency, placeOfSupplyStateCode: place, buyerPan: setting.buyerPan },
        rules,
        earlierReceipts: [],
      },
      on,
    );
    const gstPaise = figures.supply.amount - pricePaise;
    const tcsPaise = figures.tcs?.amount ?? 0;
    return {
      pricePaise,
      gstPaise,
      tcsPaise,
      totalPaise: figures.total,
      gstRateBps: figures.rateBps,
      tcsRateBps: figures.tcs?.lines[0]?.rateBps ?? null,
      problem: null,
    };
  } catch (error) {
    if (error instanceof DocumentRefused || error instanceof TaxRuleMissing) return priceOnly(pricePaise, error.message);
    throw error;
  }
}
