import type { PackagePrice, PriceOption, Region } from "./content-types";

const inrFormatter = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
});

/** ₹1,25,000: Indian digit grouping, whole rupees. */
export function formatInr(rupees: number): string {
  return inrFormatter.format(rupees);
}

/**
 * The taxes a price's note adds: the rates of the tax rules in force today
 * (issue 47, ADR 092: GST on the whole package, GST on a service charge, TCS
 * with a PAN), and how the settings word them (ADR 041).
 */
export type TaxRates = {
  gstPercent: number;
  serviceChargeGstPercent: number;
  gstLabel: string;
  tcsPercent: number;
  tcsLabel: string;
};

/** Spec §9, and the wording's first-start values; the rates in use come from the tax rules. */
export const DEFAULT_TAXES: TaxRates = {
  gstPercent: 5,
  serviceChargeGstPercent: 18,
  gstLabel: "GST",
  tcsPercent: 5,
  tcsLabel: "TCS",
};

/** How a package is taxed (ADR 092): its GST scheme, and whether it is an overseas tour package (TCS). */
export type PackageTaxSetting = {
  taxScheme: "package" | "service-charge";
  overseas: boolean;
};

/** A package's tax setting from its row: "overseas" not chosen yet follows the region. */
export function packageTaxSetting(row: { region: Region; taxScheme?: "package" | "service-charge" | null; overseas?: boolean | null }): PackageTaxSetting {
  return {
    taxScheme: row.taxScheme ?? "package",
    overseas: row.overseas ?? row.region === "international",
  };
}

/**
 * "+ 5% GST", plus "+ 2% TCS" on an overseas tour package; "+ 18% GST on the
 * service charge" in that scheme. A rate of 0 is left out.
 */
export function taxNote(setting: PackageTaxSetting, taxes: TaxRates = DEFAULT_TAXES): string {
  const gst = setting.taxScheme === "service-charge" ? taxes.serviceChargeGstPercent : taxes.gstPercent;
  const parts = [
    gst > 0 ? `+ ${gst}% ${taxes.gstLabel}${setting.taxScheme === "service-charge" ? " on the service charge" : ""}` : "",
    setting.overseas && taxes.tcsPercent > 0 ? `+ ${taxes.tcsPercent}% ${taxes.tcsLabel}` : "",
  ];
  return parts.filter(Boolean).join(" ");
}

/**
 * The package's "from" price, in rupees: the adult or per-person price, or
 * its cheapest hotel option. One rule everywhere (issue 49): cards, the
 * package page, the back office, the budget filter, the SEO description and
 * the brochure. A child's price would undersell the trip.
 */
export function fromPrice(price: PackagePrice, options: PriceOption[] = []): number {
  const base = price.kind === "single" ? price.amount : price.adult;
  return Math.min(base, ...options.map((option) => option.amount));
}

export type PriceLine = { label: string; amount: string; unit: string };

/** The price lines a package shows, in the spec's shapes. */
export function priceLines(price: PackagePrice): PriceLine[] {
  if (price.kind === "single") {
    return [{ label: "Price", amount: formatInr(price.amount), unit: price.unit }];
  }
  return [
    { label: "Adult", amount: formatInr(price.adult), unit: "per adult" },
    {
      label: "Child with bed",
      amount: formatInr(price.childWithBed),
      unit: "per child",
    },
    {
      label: "Child without bed",
      amount: formatInr(price.childNoBed),
      unit: "per child",
    },
  ];
}

/**
 * Money in bookings, payments and documents is integer paise (ADR 090):
 * "₹1,04,500" for whole rupees, "₹1,04,500.50" otherwise; "-₹500" below
 * zero. Exact: the rupees and the paise are formatted apart, never as a float.
 */
export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not a whole number of paise: ${paise}`);
  const sign = paise < 0 ? "-" : "";
  const whole = Math.abs(paise);
  const rupees = Math.floor(whole / 100);
  const rest = whole % 100;
  return `${sign}${formatInr(rupees)}${rest ? `.${String(rest).padStart(2, "0")}` : ""}`;
}
