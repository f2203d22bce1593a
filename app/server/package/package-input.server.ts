import { eq, sql } from "drizzle-orm";
import type { PackagePrice } from "~/lib/content-types";
import {
  adminPackagePayloadSchema,
  adminPayloadToInput,
  isAdminPayload,
  issuesToFields,
  packageInputSchema,
  type PackageInput,
  type PackageInputDraft,
} from "~/lib/package-schema";
import { paymentTermsInput, storedPaymentTerms } from "~/lib/payment-schedule";
import { fromPrice } from "~/lib/price";
import { getDb, type Db } from "~/server/db/db.server";
import { media, packages, topDestinations, type PackageRow } from "~/server/db/schema.server";
import { jsonError } from "~/server/http.server";

export type FieldErrors = Record<string, string>;

/** The API's 400 answer for a package write that does not validate: `{ error, fields }`. */
export function packageFieldsError(fields: FieldErrors) {
  const names = Object.keys(fields);
  return jsonError(400, `Please check ${names.join(", ")}: ${Object.values(fields)[0]}`, fields);
}
type ParsedPackageInput = { ok: true; input: PackageInput } | { ok: false; fields: FieldErrors };

/** Validates a full-model input (JSON or already-coerced form values). */
export function parsePackageInput(value: unknown): ParsedPackageInput {
  const parsed = packageInputSchema.safeParse(value);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, fields: issuesToFields(parsed.error.issues) };
}

/** Nested text as the database can store it (no NUL, no lone surrogate), like readBody's top level. */
function storableDeep(value: unknown): unknown {
  if (typeof value === "string") return value.replaceAll("\0", "").toWellFormed();
  if (Array.isArray(value)) return value.map(storableDeep);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, storableDeep(item)]));
  }
  return value;
}

/**
 * An API body: the spec's admin payload or the full model. On update the body
 * is laid over the stored package, so fields it leaves out keep their values.
 */
export function parsePackageBody(body: unknown, existing?: PackageInputDraft): ParsedPackageInput {
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return { ok: false, fields: { form: "Send a JSON object." } };
  }
  let fields = storableDeep(body) as Record<string, unknown>;
  if (isAdminPayload(body)) {
    const payload = adminPackagePayloadSchema.safeParse(existing ? { title: existing.title, ...fields } : fields);
    if (!payload.success) return { ok: false, fields: issuesToFields(payload.error.issues) };
    fields = adminPayloadToInput(payload.data);
  }
  return parsePackageInput(existing ? { ...existing, ...fields } : fields);
}

/**
 * A package's content columns: a stored row, or the values a write is about to store.
 * Its tax setting (scheme, overseas: ADR 092) is content too: edited in the Prices section, kept in its revisions.
 */
type PackageContent = Omit<PackageRow, "id" | "views" | "revision" | "createdAt" | "updatedAt">;

/**
 * The stored package as an input (the editor's initial values; the base of an
 * API update). It is also the package's document in its revisions (ADR 037).
 */
export function rowToInput(row: PackageContent, featured: boolean): PackageInputDraft {
  const emptyPrice = row.price.kind === "single" ? row.price.amount === 0 : row.price.adult === 0;
  return {
    title: row.title,
    slug: row.slug,
    country: row.country,
    region: row.region,
    category: row.category,
    days: row.days > 0 ? row.days : undefined,
    nights: row.days > 0 ? row.nights : undefined,
    description: row.description,
    longDescription: row.longDescription,
    price: emptyPrice ? undefined : row.price,
    priceOptions: row.priceOptions,
    highlights: row.highlights,
    included: row.included,
    excluded: row.excluded,
    itinerary: row.itinerary,
    groupDates: row.groupDates,
    brochureUrl: row.brochureUrl ?? undefined,
    ratingStars: row.ratingStars,
    ratingCount: row.ratingCount,
    reviews: row.reviews,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    status: row.status,
    sortOrder: row.sortOrder,
    featured,
    thumbnail: row.thumbnail,
    gallery: row.gallery,
    termsOverride: row.termsOverride ?? null,
    paymentTerms: row.paymentTerms ? paymentTermsInput(row.paymentTerms) : null,
    taxScheme: row.taxScheme,
    overseas: row.overseas,
  };
}

/** A draft may leave the price empty: stored as zero, which publishing refuses. */
function storedPrice(price: PackageInput["price"]): PackagePrice {
  if (!price) return { kind: "single", amount: 0, unit: "per person" };
  if (price.kind === "single") return { kind: "single", amount: price.amount ?? 0, unit: price.unit };
  return {
    kind: "adultChild",
    adult: price.adult ?? 0,
    childWithBed: price.childWithBed ?? 0,
    childNoBed: price.childNoBed ?? 0,
  };
}

/** Column values of a validated input (slug decided by the caller). */
export function toPackageValues(input: PackageInput, slug: string) {
  const price = storedPrice(input.price);
  return {
    slug,
    title: input.title,
    country: input.country,
    // The column is required; a draft without a region shows as national until chosen.
    region: input.region ?? "national",
    category: input.category,
    days: input.days ?? 0,
    nights: input.nights ?? 0,
    description: input.description,
    longDescription: input.longDescription,
    priceFrom: fromPrice(price, input.priceOptions),
    price,
    priceOptions: input.priceOptions,
    thumbnail: input.thumbnail,
    gallery: input.gallery,
    highlights: input.highlights,
    included: input.included,
    excluded: input.excluded,
    itinerary: [...input.itinerary].sort((a, b) => a.day - b.day),
    groupDates: input.groupDates,
    brochureUrl: input.brochureUrl ? input.brochureUrl : null,
    ratingStars: input.ratingStars,
    ratingCount: input.ratingCount,
    reviews: input.reviews,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
    termsOverride: input.termsOverride ?? null,
    paymentTerms: storedPaymentTerms(input.paymentTerms),
    taxScheme: input.taxScheme,
    overseas: input.overseas,
    status: input.status,
    sortOrder: input.sortOrder,
  } satisfies Omit<typeof packages.$inferInsert, "id" | "createdAt" | "updatedAt">;
}

/**
 * Image references given as URLs (the API's thumbnail and images) become the
 * media key whose variant has that URL; keys and unknown URLs stay as given.
 */
export async function resolveMediaRefs(tx: Db, input: PackageInput): Promise<PackageInput> {
  const refs = [input.thumbnail, ...input.gallery, ...input.itinerary.map((day) => day.photo)];
  const urls = [...new Set(refs.filter((ref) => ref.startsWith("/") || /^https?:\/\//.test(ref)))];
  if (urls.length === 0) return input;
  const keyOf = new Map<string, string>();
  for (const url of urls) {
    const path = url.startsWith("/") ? url : new URL(url).pathname;
    const [row] = await tx
      .select({ key: media.key })
      .from(media)
      .where(sql`${media.variants} @> ${JSON.stringify([{ url: path }])}::jsonb`)
      .limit(1);
    if (row) keyOf.set(url, row.key);
  }
  const resolve = (ref: string) => keyOf.get(ref) ?? ref;
  return {
    ...input,
    thumbnail: resolve(input.thumbnail),
    gallery: input.gallery.map(resolve),
    itinerary: input.itinerary.map((day) => ({
      ...day,
      photo: resolve(day.photo),
    })),
  };
}

/** A package and its input for the editor (drafts included), or null. */
export async function getPackageInput(id: number): Promise<{ row: PackageRow; input: PackageInputDraft } | null> {
  const db = getDb();
  const [row] = await db.select().from(packages).where(eq(packages.id, id)).limit(1);
  if (!row) return null;
  const [featured] = await db.select().from(topDestinations).where(eq(topDestinations.packageId, id)).limit(1);
  return { row, input: rowToInput(row, Boolean(featured)) };
}
