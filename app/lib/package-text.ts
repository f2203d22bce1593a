import { formatInr, type TaxRates } from "./price";

/**
 * Words in a package's free text that come from elsewhere (issue 49), so a
 * tax change or a new price never leaves a package contradicting itself:
 * {gst} and {tcs} say the tax settings ("5% GST"), {price} the package's
 * "from" price ("₹1,04,500"). The terms' clauses say {gst} and {tcs} too.
 */
export const PACKAGE_TEXT_PLACEHOLDERS = "{gst} and {tcs} (the tax settings, “5% GST”) and {price} (the “from” price)";

/** 5 → "5%", 2.5 → "2.5%". */
export function percentText(value: number): string {
  return `${Number.isInteger(value) ? value : value.toFixed(2).replace(/0+$/, "")}%`;
}

/** {gst} → "5% GST", {tcs} → "5% TCS", as the settings say them. */
export function fillTaxWords(text: string, taxes: TaxRates): string {
  return text
    .replaceAll("{gst}", `${percentText(taxes.gstPercent)} ${taxes.gstLabel}`)
    .replaceAll("{tcs}", `${percentText(taxes.tcsPercent)} ${taxes.tcsLabel}`);
}

/** A package's free text as visitors read it: the tax words and the "from" price put in. */
export function fillPackageText(text: string, values: { taxes: TaxRates; fromPrice: number }): string {
  const filled = fillTaxWords(text, values.taxes);
  return values.fromPrice > 0 ? filled.replaceAll("{price}", formatInr(values.fromPrice)) : filled;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The tax rates a text states that are not the settings' ("5% TCS" when TCS
 * is now 2%), as written: "5% GST", "GST @ 18%", "TCS of 5%".
 */
export function staleTaxRates(text: string, taxes: TaxRates): string[] {
  const rates = new Map([
    [taxes.gstLabel.toLowerCase(), taxes.gstPercent],
    [taxes.tcsLabel.toLowerCase(), taxes.tcsPercent],
  ]);
  const labels = [...rates.keys()].filter(Boolean).map(escape).join("|");
  if (!labels) return [];
  const number = String.raw`(\d+(?:\.\d+)?)\s?%`;
  const patterns = [
    new RegExp(String.raw`${number}\s*(?:of\s+)?(${labels})\b`, "gi"),
    new RegExp(String.raw`\b(${labels})\s*(?:@|of|at|\(|:)?\s*${number}`, "gi"),
  ];
  const stale: string[] = [];
  patterns.forEach((pattern, index) => {
    for (const match of text.matchAll(pattern)) {
      const [stated, label] = index === 0 ? [match[1]!, match[2]!] : [match[2]!, match[1]!];
      const current = rates.get(label.toLowerCase());
      if (current !== undefined && Number(stated) !== current) stale.push(match[0].trim());
    }
  });
  return [...new Set(stale)];
}
