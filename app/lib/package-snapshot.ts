import type { PackageEditorValues } from "./package-editor-values";

/**
 * What the package editor's section badges and consistency checks read: a
 * summary of the form as it stands. Made on the server from the stored
 * package (the first render, also without JavaScript) and in the browser from
 * the form's own FormData after each change, so the editor's fields keep their
 * state to themselves and nothing re-renders while someone types.
 */
export type PackageSnapshot = {
  title: string;
  description: string;
  country: string;
  region: string;
  /** As typed: null when empty or not a whole number. */
  days: number | null;
  nights: number | null;
  /** Every amount a traveller can be quoted (the price and each option), in rupees, > 0. */
  prices: number[];
  /** The "from" price (price.ts fromPrice: adult or per person, or the cheapest option); 0 without one. */
  fromPrice: number;
  /** The package's own words, each with its field (its form name and id) and how the editor names it. */
  texts: PackageText[];
  highlights: number;
  included: number;
  excluded: number;
  itineraryDays: number;
  departures: { name: string; start: string; index: number }[];
  /** Thumbnail and gallery, in the order the Photos section shows them, with their alt text (kept in the media table). */
  photos: { key: string; field: string; label: string; alt: string }[];
  brochure: boolean;
  reviews: number;
  status: string;
  /** What is stored as the SEO description: empty means generated from the package. */
  seoDescription: string;
  /** Whether the package uses its own terms rather than the site-wide ones (ADR 044). */
  ownTerms: boolean;
};

export type PackageText = { field: string; label: string; text: string };

/** The free-text fields a tax rate or a price may be written in (issue 49), in the editor's order. */
function packageTexts(get: (field: string) => string, counts: { highlights: number; included: number; excluded: number; itinerary: number }): PackageText[] {
  const list = (name: string, label: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({ field: `${name}[${i}]`, label: `${label} ${i + 1}`, text: get(`${name}[${i}]`) }));
  return [
    { field: "description", label: "The short description", text: get("description") },
    { field: "longDescription", label: "The long description", text: get("longDescription") },
    ...list("highlights", "Highlight", counts.highlights),
    ...list("included", "Included line", counts.included),
    ...list("excluded", "Not included line", counts.excluded),
    ...Array.from({ length: counts.itinerary }, (_, i) => [
      { field: `itinerary[${i}].title`, label: `Day ${i + 1}'s title`, text: get(`itinerary[${i}].title`) },
      { field: `itinerary[${i}].description`, label: `Day ${i + 1}'s description`, text: get(`itinerary[${i}].description`) },
    ]).flat(),
  ].filter((entry) => entry.text.trim() !== "");
}

/** The "from" price of the prices as typed: adult or per person, or a cheaper option (price.ts fromPrice). */
function fromPriceOf(base: number[], options: number[]): number {
  const all = [...base.slice(0, 1), ...options];
  return all.length > 0 ? Math.min(...all) : 0;
}

function whole(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === "") return null;
  const number = Number(value);
  return Number.isInteger(number) ? number : null;
}

const amount = (value: string | null | undefined) => {
  const number = whole(value);
  return number !== null && number > 0 ? [number] : [];
};

/** The snapshot of a package as the editor starts from it; `alts` are the stored alt texts by media key. */
export function snapshotFromValues(values: PackageEditorValues, alts: Record<string, string>): PackageSnapshot {
  const price =
    values.priceKind === "single"
      ? amount(values.priceAmount)
      : [...amount(values.priceAdult), ...amount(values.priceChildWithBed), ...amount(values.priceChildNoBed)];
  const options = values.priceOptions.flatMap((option) => amount(option.amount));
  const base = values.priceKind === "single" ? amount(values.priceAmount) : amount(values.priceAdult);
  const byField = new Map<string, string>([
    ["description", values.description],
    ["longDescription", values.longDescription],
    ...(["highlights", "included", "excluded"] as const).flatMap((name) => values[name].map((text, i): [string, string] => [`${name}[${i}]`, text])),
    ...values.itinerary.flatMap((day, i): [string, string][] => [
      [`itinerary[${i}].title`, day.title],
      [`itinerary[${i}].description`, day.description],
    ]),
  ]);
  return {
    title: values.title,
    description: values.description,
    country: values.country,
    region: values.region,
    days: whole(values.days),
    nights: whole(values.nights),
    prices: [...price, ...options],
    fromPrice: fromPriceOf(base, options),
    texts: packageTexts((field) => byField.get(field) ?? "", {
      highlights: values.highlights.length,
      included: values.included.length,
      excluded: values.excluded.length,
      itinerary: values.itinerary.length,
    }),
    highlights: values.highlights.length,
    included: values.included.length,
    excluded: values.excluded.length,
    itineraryDays: values.itinerary.length,
    departures: values.groupDates.map((date, index) => ({ name: date.name, start: date.start, index })),
    photos: [
      ...(values.thumbnail ? [{ key: values.thumbnail, field: "thumbnail", label: "Thumbnail", alt: alts[values.thumbnail] ?? "" }] : []),
      ...values.gallery.map((key, index) => ({ key, field: `gallery[${index}]`, label: `Gallery image ${index + 1}`, alt: alts[key] ?? "" })),
    ],
    brochure: values.brochureUrl !== "",
    reviews: values.reviews.length,
    status: values.status,
    seoDescription: values.seoDescription,
    ownTerms: values.termsOverride !== null,
  };
}

/** Highest index + 1 of the list fields named `${list}[i]…`. */
function listLength(names: string[], list: string): number {
  const pattern = new RegExp(`^${list}\\[(\\d+)\\]`);
  let length = 0;
  for (const name of names) {
    const match = pattern.exec(name);
    if (match) length = Math.max(length, Number(match[1]) + 1);
  }
  return length;
}

/** The snapshot of the form as it stands (its fields carry conform's names, e.g. `itinerary[2].title`). */
export function snapshotFromForm(form: FormData): PackageSnapshot {
  const get = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const names = [...new Set([...form.keys()])];
  const priceKind = get("price.kind") || "single";
  const price =
    priceKind === "single"
      ? amount(get("price.amount"))
      : [...amount(get("price.adult")), ...amount(get("price.childWithBed")), ...amount(get("price.childNoBed"))];
  const options = listLength(names, "priceOptions");
  const optionPrices = Array.from({ length: options }, (_, i) => amount(get(`priceOptions[${i}].amount`))).flat();
  const base = priceKind === "single" ? amount(get("price.amount")) : amount(get("price.adult"));
  const counts = {
    highlights: listLength(names, "highlights"),
    included: listLength(names, "included"),
    excluded: listLength(names, "excluded"),
    itinerary: listLength(names, "itinerary"),
  };
  const gallery = listLength(names, "gallery");
  const thumbnail = get("thumbnail");
  const departures = listLength(names, "groupDates");
  // Alt texts post as imageAlts[i].key / imageAlts[i].alt (see photo-alt-field.tsx).
  const alts = new Map(Array.from({ length: listLength(names, "imageAlts") }, (_, i) => [get(`imageAlts[${i}].key`), get(`imageAlts[${i}].alt`)]));
  return {
    title: get("title"),
    description: get("description"),
    country: get("country"),
    region: get("region"),
    days: whole(get("days")),
    nights: whole(get("nights")),
    prices: [...price, ...optionPrices],
    fromPrice: fromPriceOf(base, optionPrices),
    texts: packageTexts(get, counts),
    highlights: counts.highlights,
    included: counts.included,
    excluded: counts.excluded,
    itineraryDays: counts.itinerary,
    departures: Array.from({ length: departures }, (_, index) => ({ name: get(`groupDates[${index}].name`), start: get(`groupDates[${index}].start`), index })),
    photos: [
      ...(thumbnail ? [{ key: thumbnail, field: "thumbnail", label: "Thumbnail", alt: alts.get(thumbnail) ?? "" }] : []),
      ...Array.from({ length: gallery }, (_, index) => {
        const key = get(`gallery[${index}]`);
        return { key, field: `gallery[${index}]`, label: `Gallery image ${index + 1}`, alt: alts.get(key) ?? "" };
      }),
    ],
    brochure: get("brochureUrl") !== "",
    reviews: listLength(names, "reviews"),
    status: get("status"),
    seoDescription: get("seoDescription"),
    ownTerms: get("termsOverride.own") === "on",
  };
}
