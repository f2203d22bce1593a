import { eq } from "drizzle-orm";
import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { EMPTY_PACKAGE, type PackageEditorValues } from "~/lib/package-editor-values";
import { missingForPublish, packageInputSchema, PUBLISH_REQUIREMENTS } from "~/lib/package-schema";
import { fallbackUrl } from "~/lib/media";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import { getDb } from "~/server/db/db.server";
import { topDestinations, type PackageRow } from "~/server/db/schema.server";
import { getMediaByKeys } from "~/server/media/media.server";
import { createPackage, deletePackage, updatePackage } from "./package-mutations.server";
import { getPackage } from "./package-queries.server";

const num = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

function toEditorValues(row: PackageRow, featured: boolean): PackageEditorValues {
  const price = row.price;
  return {
    ...EMPTY_PACKAGE,
    title: row.title,
    slug: row.slug,
    country: row.country,
    region: row.region,
    category: row.category,
    days: row.days > 0 ? String(row.days) : "",
    nights: row.days > 0 ? String(row.nights) : "",
    description: row.description,
    longDescription: row.longDescription,
    priceKind: price.kind,
    priceAmount: price.kind === "single" && price.amount > 0 ? String(price.amount) : "",
    priceUnit: price.kind === "single" ? price.unit : "per person",
    priceAdult: price.kind === "adultChild" ? num(price.adult) : "",
    priceChildWithBed: price.kind === "adultChild" ? num(price.childWithBed) : "",
    priceChildNoBed: price.kind === "adultChild" ? num(price.childNoBed) : "",
    priceOptions: row.priceOptions.map((option) => ({
      ...option,
      amount: String(option.amount),
      hotels: option.hotels.map((hotel) => ({ ...hotel, nights: String(hotel.nights) })),
    })),
    highlights: row.highlights,
    included: row.included,
    excluded: row.excluded,
    itinerary: row.itinerary.map(({ title, description, photo }) => ({ title, description, photo })),
    groupDates: row.groupDates,
    brochureUrl: row.brochureUrl ?? "",
    ratingStars: String(row.ratingStars),
    ratingCount: String(row.ratingCount),
    reviews: row.reviews.map((review) => ({ ...review, stars: String(review.stars) })),
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    status: row.status,
    sortOrder: String(row.sortOrder),
    featured,
    thumbnail: row.thumbnail,
    gallery: row.gallery,
  };
}

/** Preview URLs (a small WebP variant) of the images a package uses. */
export async function imagePreviews(keys: string[]): Promise<Record<string, string>> {
  const media = await getMediaByKeys(keys);
  return Object.fromEntries(Object.entries(media).map(([key, view]) => [key, fallbackUrl(view, 400)]));
}

/** The editor's starting point for a stored package, or null when there is none. */
export async function loadPackageEditor(id: number) {
  const row = await getPackage(String(id), { includeDrafts: true });
  if (!row) return null;
  const [featured] = await getDb().select().from(topDestinations).where(eq(topDestinations.packageId, id)).limit(1);
  const values = toEditorValues(row, Boolean(featured));
  const keys = [values.thumbnail, ...values.gallery, ...values.itinerary.map((day) => day.photo)].filter(Boolean);
  const missing = missingForPublish({ ...row, days: row.days || undefined, price: row.priceFrom > 0 ? row.price : undefined }).map((item) => item.label);
  return { id: row.id, slug: row.slug, status: row.status, updatedAt: row.updatedAt.toISOString(), values, missing, previews: await imagePreviews(keys) };
}

/** What a new package needs before it can be published. */
export function newPackageMissing(): string[] {
  return PUBLISH_REQUIREMENTS.map((item) => item.label);
}

export type PackageEditorActionData = { errors: Record<string, string[] | null>; notice: string };

const FAILED = "Something went wrong!";

/** Create, update or delete from the editor; success redirects with a notice (post/redirect/get). */
export async function handlePackageEditorAction(request: Request, viewer: Viewer, id: number | null, ip?: string) {
  const formData = await request.formData();
  const ctx = { viewer, ip };
  if (formData.get("intent") === "delete" && id !== null) {
    const row = await getPackage(String(id), { includeDrafts: true });
    if (!row) throw data(null, { status: 404 });
    if (String(formData.get("confirmTitle") ?? "").trim() !== row.title) {
      return redirectWithNotice(`/admin/packages/${id}`, { kind: "error", message: "Package name did not match. Deletion cancelled." });
    }
    await deletePackage(id, ctx);
    return redirectWithNotice("/admin/packages", { kind: "success", message: "Package deleted successfully!" });
  }

  const submission = parseWithZod(formData, { schema: packageInputSchema });
  if (submission.status !== "success") {
    return data<PackageEditorActionData>({ errors: submission.reply().error ?? {}, notice: FAILED }, { status: 400 });
  }
  const result = id === null ? await createPackage(submission.value, ctx) : await updatePackage(id, submission.value, ctx);
  if (!result) throw data(null, { status: 404 });
  if (!result.ok) {
    const errors = Object.fromEntries(Object.entries(result.fields).map(([name, message]) => [name, [message]]));
    return data<PackageEditorActionData>({ errors, notice: FAILED }, { status: 400 });
  }
  return redirectWithNotice(`/admin/packages/${result.row.id}`, {
    kind: "success",
    message: id === null ? "Package created successfully!" : "Package updated successfully!",
  });
}
