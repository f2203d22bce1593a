import type { GstRule, TaxRules, TcsRule } from "./tax-rules.server";

/**
 * The rules a new install starts with: the public figures as read in
 * November 2026, with their sources (ADR 092 lists each with the date it
 * was read). Older rules stay so that a document dated before a change is
 * computed as the law then stood.
 */

const TOUR_OPERATOR_SAC = "998555";

const GST_RULES: readonly GstRule[] = [
  {
    id: "gst-package-2017-07-01",
    scheme: "package",
    effectiveFrom: "2017-07-01",
    sac: TOUR_OPERATOR_SAC,
    rateBps: 500,
    documentNote:
      "Tour operator service (SAC 998555) taxed at 5% without input tax credit. The price includes the charges for the accommodation and transportation of the tour.",
    source:
      "Notification 11/2017-Central Tax (Rate) of 28 June 2017, Sl. No. 23(i), CGST 2.5% (and 2.5% SGST/UTGST), conditions: no input tax credit other than tour operator services bought from another tour operator (Notification 1/2018-Central Tax (Rate), 25 January 2018), and a bill that says it includes accommodation and transportation; IGST 5% under Notification 8/2017-Integrated Tax (Rate).",
  },
  {
    id: "gst-service-charge-2017-07-01",
    scheme: "service-charge",
    effectiveFrom: "2017-07-01",
    sac: TOUR_OPERATOR_SAC,
    rateBps: 1800,
    documentNote:
      "GST at 18% on our service charge. Hotels, transport and other services are paid on your behalf as a pure agent and are not part of the value of our service.",
    source:
      "Notification 11/2017-Central Tax (Rate), Sl. No. 23(iii), support services at 9% CGST (and 9% SGST/UTGST), 18% IGST; the costs passed on excluded from the value under rule 33 of the CGST Rules 2017 (pure agent).",
  },
];

const WITHOUT_PAN_1961 = { timesRate: 2, atLeastBps: 500, atMostBps: 2000, section: "s. 206CC, Income-tax Act 1961" };

const TCS_RULES: readonly TcsRule[] = [
  {
    id: "tcs-2020-10-01",
    effectiveFrom: "2020-10-01",
    section: "s. 206C(1G)(b), Income-tax Act 1961",
    slabs: [{ upTo: null, rateBps: 500 }],
    withoutPan: WITHOUT_PAN_1961,
    source: "Finance Act 2020, s. 206C(1G)(b) inserted from 1 October 2020: 5% of any amount received for an overseas tour programme package.",
  },
  {
    id: "tcs-2023-10-01",
    effectiveFrom: "2023-10-01",
    section: "s. 206C(1G)(b), Income-tax Act 1961",
    slabs: [
      { upTo: 700_000_00, rateBps: 500 },
      { upTo: null, rateBps: 2000 },
    ],
    withoutPan: WITHOUT_PAN_1961,
    source:
      "Finance Act 2023 (20%), with the first ₹7 lakh a year at 5% and the start moved to 1 October 2023 as announced by the CBDT on 28 June 2023; s. 206CC's proviso caps the rate without a PAN at 20%.",
  },
  {
    id: "tcs-2025-04-01",
    effectiveFrom: "2025-04-01",
    section: "s. 206C(1G)(b), Income-tax Act 1961",
    slabs: [
      { upTo: 10_00_000_00, rateBps: 500 },
      { upTo: null, rateBps: 2000 },
    ],
    withoutPan: WITHOUT_PAN_1961,
    source: "Finance Act 2025: 5% up to ₹10 lakh per buyer in a financial year, 20% above, from 1 April 2025.",
  },
  {
    id: "tcs-2026-04-01",
    effectiveFrom: "2026-04-01",
    section: "s. 394, Income-tax Act 2025 (formerly s. 206C(1G))",
    slabs: [{ upTo: null, rateBps: 200 }],
    withoutPan: { timesRate: 2, atLeastBps: 500, atMostBps: 2000, section: "s. 397(2), Income-tax Act 2025 (formerly s. 206CC)" },
    source:
      "Income-tax Act 2025 in force from 1 April 2026, s. 394(1) Table Sl. No. 8 (overseas tour programme package), as amended by the Finance Act 2026 (Budget of 1 February 2026): 2% of the whole amount, no threshold; without a PAN, s. 397(2): twice the rate or 5%, whichever is higher, at most 20%.",
  },
];

export const TAX_RULES_SEED: TaxRules = { gst: GST_RULES, tcs: TCS_RULES };

/** Shown beside the tax rules in Settings → Business and tax (ADR 092): what a developer could not decide for the agency. */
export const ACCOUNTANT_NOTE =
  "These rates and rules were set from public sources in November 2026; they are not tax advice. Ask your accountant to check them before you issue documents: " +
  "which GST scheme each package uses (5% on the whole package without input tax credit, or 18% on a separate service charge with the other costs passed on as a pure agent); " +
  "the place of supply for overseas packages (the traveller's state or ours); " +
  "the TCS rate (2% from 1 April 2026, 5% without a PAN) and that it is worked out on the whole amount received, GST included; " +
  "how payments after the invoice and refunds appear in your TCS return (Form 27EQ); " +
  "and the prefix of each document series. When the law changes, add a rule with the date it takes effect: documents already issued keep the rule they used.";
