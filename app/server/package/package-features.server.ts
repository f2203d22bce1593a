/** The five feature icons of the Overview tab (spec §2). */
import type { FeatureKey, PackageFeature } from "~/lib/package-view-model";

const FEATURES: { key: FeatureKey; label: string; pattern: RegExp }[] = [
  { key: "accommodation", label: "Accommodation", pattern: /\b(hotels?|nights?|stay|accommodation|resort|cruise)\b/i },
  { key: "flights", label: "Flights", pattern: /\b(flights?|airfare)\b/i },
  { key: "guide", label: "Tour Guide", pattern: /\b(guides?|tour manager)\b/i },
  { key: "meals", label: "Meals", pattern: /\b(breakfasts?|lunch(es)?|dinners?|meals?|brunch)\b/i },
  {
    key: "activities",
    label: "Activities",
    pattern: /\b(sightseeing|entrance|entry|tickets?|safari|trek|ride|cruise|pass|activities)\b/i,
  },
];

/**
 * Every feature is shown; one the inclusions never mention is marked as not
 * included, so a domestic tour without flights does not seem to promise them.
 */
export function packageFeatures(included: readonly string[]): PackageFeature[] {
  return FEATURES.map(({ key, label, pattern }) => ({
    key,
    label,
    included: included.some((line) => pattern.test(line)),
  }));
}
