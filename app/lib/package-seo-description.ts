import { formatInr } from "./price";

/**
 * 7, 6 → "7 Days / 6 Nights": tour-format's formatDuration in the same words
 * (a test keeps them equal), copied so the editor does not pull that module
 * into its chunk list.
 */
export function durationWords(days: number, nights: number): string {
  return `${days} ${days === 1 ? "Day" : "Days"} / ${nights} ${nights === 1 ? "Night" : "Nights"}`;
}

/** Search engines show about this many characters of a description. */
export const SEO_DESCRIPTION_LENGTH = 160;

type SeoDescriptionSource = {
  title: string;
  description: string;
  days: number | null;
  nights: number | null;
  /** The package's "from" price in rupees (price.ts fromPrice); 0 without a price. */
  fromPrice: number;
};

/** Cuts a text at a word boundary to at most `max` characters, with an ellipsis when cut. */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, "")}…`;
}

/**
 * The SEO description a package has unless someone writes one by hand (an
 * empty stored seoDescription): its short description, then its duration and
 * "from" price, so it follows the package when either changes.
 */
export function generatedSeoDescription(source: SeoDescriptionSource): string {
  const lowest = source.fromPrice;
  const duration = source.days ? durationWords(source.days, source.nights ?? Math.max(source.days - 1, 0)) : "";
  const facts = [duration, lowest > 0 ? `from ${formatInr(lowest)}` : ""].filter(Boolean).join(" ");
  const tail = facts ? `${facts.charAt(0).toUpperCase()}${facts.slice(1)}.` : "";
  const lead = source.description.trim() || source.title.trim();
  if (!tail) return clip(lead, SEO_DESCRIPTION_LENGTH);
  if (!lead) return tail;
  // One space between them, and room for a closing full stop.
  const room = SEO_DESCRIPTION_LENGTH - tail.length - 2;
  const sentence = clip(lead, room);
  return `${/[.!?…]$/.test(sentence) ? sentence : `${sentence}.`} ${tail}`;
}
