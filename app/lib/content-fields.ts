/**
 * The one registry of what a content document's fields are called and how
 * their values read (ADR 037), per entity type: revisions summarise changes
 * with it, the activity log says "changed price (adult) from ₹99,500 to
 * ₹1,04,500", conflicts name the fields that differ, and History diffs them.
 * Isomorphic and free of Zod: the back office's components may import it.
 *
 * A document is the entity's full input as JSON (a package's is the input of
 * app/lib/package-schema.ts as rowToInput gives it; a blog's, rowToBlogInput).
 * Issue 21's settings and pages add their entity types here.
 */
import { formatUploadDate } from "./blog-format";
import { formatInr, formatPaise } from "./price";
import { formatTourDateRange } from "./tour-format";

export const CONTENT_ENTITY_TYPES = [
  "package",
  "blog",
  "featured-order",
  "site-settings",
  "home-faqs",
  "home-reviews",
  "home-hero",
  "home-cards",
  "legal-page",
  "site-terms",
  "media",
  "reply-templates",
] as const;
export type ContentEntityType = (typeof CONTENT_ENTITY_TYPES)[number];

export function isContentEntityType(value: unknown): value is ContentEntityType {
  return typeof value === "string" && (CONTENT_ENTITY_TYPES as readonly string[]).includes(value);
}

/** What people call one document of each type, in sentences ("changed this package"). */
export const ENTITY_NOUNS: Record<ContentEntityType, string> = {
  package: "package",
  blog: "blog",
  "featured-order": "home carousel",
  "site-settings": "site settings",
  "home-faqs": "FAQ",
  "home-reviews": "traveller reviews",
  "home-hero": "home page hero",
  "home-cards": "Why Choose Us and process",
  "legal-page": "legal page",
  "site-terms": "package terms",
  media: "image",
  "reply-templates": "reply templates",
};

export type ContentDocument = Record<string, unknown>;

type FieldSpec = {
  /** Stable name (the document's key, or a part of it such as "price.adult"). */
  key: string;
  /** Lower-case words, as in "changed price (adult)". */
  label: string;
  /** The value this field reads from a document. */
  get: (document: ContentDocument) => unknown;
  /** The value as people read it; "" for none. */
  format: (value: unknown) => string;
  /** Long text (or a list): changes are named, not quoted, and History diffs it by word. */
  long?: boolean;
};

/** One changed field: what a revision stores and the activity log shows. */
export type FieldChange = {
  field: string;
  label: string;
  /** Before and after as people read them; absent for long values (only the field is named). */
  from?: string;
  to?: string;
};

const str = (value: unknown) => (value === undefined || value === null ? "" : String(value));
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const record = (value: unknown): Record<string, unknown> => (value && typeof value === "object" ? (value as Record<string, unknown>) : {});
const rupees = (value: unknown) => (typeof value === "number" ? formatInr(value) : "");
const yesNo = (value: unknown) => (value ? "yes" : "no");
const lines = (items: string[]) => items.filter(Boolean).join("\n");
/** "1. Bali\n2. Dubai": a list's items by one of their fields, numbered. */
const numbered = (key: string) => (value: unknown) =>
  list(value)
    .map((item, index) => `${index + 1}. ${str(record(item)[key])}`)
    .join("\n");
/** "Asha (5★): Lovely trip", one review a line; packages and the home page name the fields differently. */
const reviewLines = (starsKey: string, textKey: string) => (value: unknown) =>
  lines(
    list(value).map((item) => {
      const review = record(item);
      return `${str(review.name)} (${str(review[starsKey])}★): ${str(review[textKey])}`;
    }),
  );

/** Blog HTML as readable text (one block a line; images by their alt text), for word diffs. */
export function htmlToText(html: string): string {
  return html
    .replace(/<img\b[^>]*?\balt="([^"]*)"[^>]*>/gi, " [image: $1] ")
    .replace(/<img\b[^>]*>/gi, " [image] ")
    .replace(/<(br|hr)\b[^>]*>/gi, "\n")
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|figure|figcaption|tr|table|ul|ol)>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]*\n[ \t]*/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const field = (key: string, label: string, format: FieldSpec["format"] = str, long = false): FieldSpec => ({
  key,
  label,
  get: (document) => document[key],
  format,
  long,
});

/** A part of the package's price: only present while the price is of that kind. */
const pricePart = (kind: "single" | "adultChild", part: string, label: string, format = rupees): FieldSpec => ({
  key: `price.${part}`,
  label,
  get: (document) => {
    const price = record(document.price);
    return price.kind === kind ? price[part] : undefined;
  },
  format,
});

const PACKAGE_FIELDS: FieldSpec[] = [
  field("title", "title"),
  field("slug", "address"),
  field("status", "status", (value) => (value === "published" ? "Published" : value === "draft" ? "Draft" : str(value))),
  field("country", "country"),
  field("region", "region", (value) => (value === "international" ? "International" : value === "national" ? "National" : "")),
  field("category", "category"),
  field("days", "days"),
  field("nights", "nights"),
  field("description", "short description"),
  field("longDescription", "long description", str, true),
  pricePart("single", "amount", "price"),
  pricePart("single", "unit", "price unit", str),
  pricePart("adultChild", "adult", "price (adult)"),
  pricePart("adultChild", "childWithBed", "price (child with bed)"),
  pricePart("adultChild", "childNoBed", "price (child without bed)"),
  field(
    "priceOptions",
    "price options",
    (value) =>
      lines(
        list(value).map((item) => {
          const option = record(item);
          const hotels = list(option.hotels).map((stay) => {
            const hotel = record(stay);
            return `${str(hotel.destination)}: ${str(hotel.hotel)}, ${str(hotel.nights)} nights`;
          });
          return `${str(option.label)}: ${rupees(option.amount)} ${str(option.unit)}${hotels.length ? ` (${hotels.join("; ")})` : ""}`;
        }),
      ),
    true,
  ),
  field("highlights", "highlights", (value) => lines(list(value).map(str)), true),
  field("included", "included", (value) => lines(list(value).map(str)), true),
  field("excluded", "excluded", (value) => lines(list(value).map(str)), true),
  field(
    "itinerary",
    "itinerary",
    (value) =>
      list(value)
        .map((item) => {
          const day = record(item);
          return `Day ${str(day.day)}: ${str(day.title)}\n${str(day.description)}${day.photo ? `\n[photo: ${str(day.photo)}]` : ""}`;
        })
        .join("\n\n"),
    true,
  ),
  field(
    "groupDates",
    "group departures",
    (value) =>
      lines(
        list(value).map((item) => {
          const date = record(item);
          const start = str(date.start);
          const end = str(date.end);
          return `${str(date.name)}: ${start && end ? formatTourDateRange(start, end) : `${start} – ${end}`}`;
        }),
      ),
    true,
  ),
  field("brochureUrl", "brochure"),
  field(
    "termsOverride",
    "own terms",
    (value) => {
      if (!value) return "";
      const own = record(value);
      return lines([...list(own.clauses).map((item) => `${str(record(item).title)}: ${str(record(item).text)}`), ...list(own.conveniences).map(str)]);
    },
    true,
  ),
  field("paymentTerms", "payment terms", (value) => {
    // The document holds the parsed terms ({deposit, balanceDaysBefore}); none: the defaults.
    if (!value) return "25% on confirmation, the balance 30 days before departure";
    const terms = record(value);
    const deposit = record(terms.deposit);
    const first = deposit.kind === "perPerson" ? `${formatPaise(Number(deposit.amountPaise))} a traveller` : `${str(deposit.percent)}%`;
    return `${first} on confirmation, the balance ${str(terms.balanceDaysBefore)} days before departure`;
  }),
  field("taxScheme", "GST scheme", (value) => (value === "service-charge" ? "18% on a service charge" : "5% on the whole package")),
  field("overseas", "overseas tour package (TCS)", (value) => (value === true ? "yes" : value === false ? "no" : "as the region")),
  field("ratingStars", "rating"),
  field("ratingCount", "number of ratings"),
  field("reviews", "reviews", reviewLines("stars", "review"), true),
  field("seoTitle", "SEO title"),
  field("seoDescription", "SEO description"),
  field("sortOrder", "sort order"),
  field("featured", "featured on home", yesNo),
  field("thumbnail", "thumbnail"),
  field("gallery", "gallery", (value) => lines(list(value).map(str)), true),
];

const BLOG_FIELDS: FieldSpec[] = [
  field("title", "title"),
  field("slug", "address"),
  field("status", "status", (value) => (value === "published" ? "Published" : value === "draft" ? "Draft" : str(value))),
  field("content", "article", (value) => htmlToText(str(value)), true),
  field("headImage", "head image"),
  field("excerpt", "excerpt"),
  field("durationMinutes", "reading time", (value) => (value === undefined || value === null ? "" : `${str(value)} min`)),
  field("uploadDate", "upload date", (value) => (typeof value === "string" && value ? formatUploadDate(value) : "")),
  field("seoTitle", "SEO title"),
  field("seoDescription", "SEO description"),
];

const FEATURED_ORDER_FIELDS: FieldSpec[] = [field("order", "carousel order", numbered("title"), true)];

const percent = (value: unknown) => (value === undefined || value === null ? "" : `${str(value)}%`);

const SITE_SETTINGS_FIELDS: FieldSpec[] = [
  field("brandName", "agency name"),
  field("phonePrimary", "phone"),
  field("phoneSecondary", "second phone"),
  field("email", "e-mail"),
  field("whatsappNumber", "WhatsApp number"),
  field("whatsappMessage", "WhatsApp message"),
  field("whatsappPackageMessage", "package WhatsApp message"),
  field("instagramUrl", "Instagram"),
  field("linkedinUrl", "LinkedIn"),
  field("websiteUrl", "website"),
  field("footerDescription", "footer description", str, true),
  field("notifyEmail", "enquiry e-mails to"),
  field("gstPercent", "GST rate", percent),
  field("gstLabel", "GST wording"),
  field("tcsPercent", "TCS rate", percent),
  field("tcsLabel", "TCS wording"),
  field("leadPopupEnabled", "lead popup", yesNo),
  field("bookingHoldHours", "booking hold (hours)"),
  field("upiId", "UPI ID"),
  field("upiPayeeName", "UPI payee name"),
  field("businessLegalName", "legal name"),
  field("businessAddress", "business address", str, true),
  field("businessStateCode", "business state"),
  field("gstin", "GSTIN"),
  field("pan", "PAN"),
  field("invoicePrefix", "tax invoice prefix"),
  field("receiptVoucherPrefix", "receipt voucher prefix"),
  field("paymentReceiptPrefix", "payment receipt prefix"),
  field("refundVoucherPrefix", "refund voucher prefix"),
  field("creditNotePrefix", "credit note prefix"),
  field("overseasPlaceOfSupply", "place of supply abroad", (value) =>
    value === "agency" ? "our state" : value === "traveller" ? "the traveller's state" : str(value),
  ),
  field("autoReceiptVouchers", "automatic receipt vouchers", yesNo),
  field("paymentReminderDays", "payment reminder days", (value) => (Array.isArray(value) ? (value.length ? value.join(", ") : "none") : "7, 1")),
];

const HOME_FAQ_FIELDS: FieldSpec[] = [field("faqs", "questions", numbered("question"), true)];

const HOME_REVIEW_FIELDS: FieldSpec[] = [field("reviews", "reviews", reviewLines("rating", "comment"), true)];

export const CONTENT_FIELDS: Record<ContentEntityType, FieldSpec[]> = {
  "site-settings": SITE_SETTINGS_FIELDS,
  "home-faqs": HOME_FAQ_FIELDS,
  "home-reviews": HOME_REVIEW_FIELDS,
  "home-hero": [
    field("headline", "headline"),
    field("subheadline", "line under the headline"),
    field("image", "hero photo"),
    field("imageAlt", "hero photo's alt text"),
    field("intro", "intro paragraph", str, true),
  ],
  "site-terms": [
    field("refundRule", "refund rule", str, true),
    field("clauses", "terms clauses", (value) => lines(list(value).map((item) => `${str(record(item).title)}: ${str(record(item).text)}`)), true),
    field("conveniences", "convenience list", (value) => lines(list(value).map(str)), true),
  ],
  "legal-page": [
    field("title", "title"),
    field("lastUpdated", "last updated"),
    field("body", "page", (value) => htmlToText(str(value)), true),
    field("seoDescription", "SEO description"),
  ],
  "home-cards": [
    field("whyChooseUs", "Why Choose Us cards", (value) => lines(list(value).map((item) => `${str(record(item).title)}: ${str(record(item).body)}`)), true),
    field("process", "process steps", (value) => lines(list(value).map((item) => `${str(record(item).title)}: ${str(record(item).body)}`)), true),
  ],
  package: PACKAGE_FIELDS,
  blog: BLOG_FIELDS,
  "featured-order": FEATURED_ORDER_FIELDS,
  // An image in the media library (ADR 043): what people edit or see of it, never its file addresses.
  media: [field("name", "file"), field("alt", "alt text"), field("dimensions", "size in pixels")],
  // The enquiry page's reply templates (ADR 046), saved as one list.
  "reply-templates": [
    field(
      "templates",
      "reply templates",
      (value) =>
        lines(
          list(value).map((item) => {
            const template = record(item);
            const subject = str(template.subject);
            return `${str(template.name)} (${template.channel === "email" ? "e-mail" : "WhatsApp"}): ${subject ? `${subject}: ` : ""}${str(template.body)}`;
          }),
        ),
      true,
    ),
  ],
};

/** Equal as JSON, with object keys in any order and undefined like absent. */
export function sameValue(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  if (value === undefined || value === null) return "null";
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined && item !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Longest value quoted in a change summary; longer ones are named only. */
const QUOTABLE = 80;

/** The fields that differ between two documents of a type (null: none before), in the registry's order. */
export function changedFields(type: ContentEntityType, before: ContentDocument | null, after: ContentDocument): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const spec of CONTENT_FIELDS[type]) {
    const old = before ? spec.get(before) : undefined;
    const now = spec.get(after);
    if (sameValue(old, now)) continue;
    const from = spec.format(old);
    const to = spec.format(now);
    if (from === to) continue;
    const quotable = !spec.long && from.length <= QUOTABLE && to.length <= QUOTABLE && !/\n/.test(from + to);
    changes.push(quotable && before ? { field: spec.key, label: spec.label, from, to } : { field: spec.key, label: spec.label });
  }
  return changes;
}

/** "changed price (adult) from ₹99,500 to ₹1,04,500", "set SEO title to “Bali”", "changed itinerary". */
export function describeChange(change: FieldChange): string {
  if (change.from === undefined || change.to === undefined) return `changed ${change.label}`;
  if (change.from === "") return `set ${change.label} to “${change.to}”`;
  if (change.to === "") return `cleared ${change.label} (was “${change.from}”)`;
  return `changed ${change.label} from ${change.from} to ${change.to}`;
}
