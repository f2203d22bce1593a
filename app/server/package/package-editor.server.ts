import { eq } from "drizzle-orm";
import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { formatDateTime } from "~/lib/admin-format";
import { imageAltsInputSchema } from "~/lib/image-alt-schema";
import { EMPTY_PACKAGE, type PackageEditorValues } from "~/lib/package-editor-values";
import { PACKAGE_SECTIONS } from "~/lib/package-checks";
import { missingForPublish, packageInputSchema, PUBLISH_REQUIREMENTS } from "~/lib/package-schema";
import { fallbackUrl } from "~/lib/media";
import { todayIso } from "~/lib/tour-format";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import { getDb } from "~/server/db/db.server";
import { topDestinations, type PackageRow } from "~/server/db/schema.server";
import { getMediaByKeys } from "~/server/media/media.server";
import { duplicatePackage } from "./package-duplicate.server";
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

/** Preview URLs (a small WebP variant) and alt texts of the images a package uses. */
export async function imagePreviews(keys: string[]): Promise<{ previews: Record<string, string>; alts: Record<string, string> }> {
  const media = await getMediaByKeys(keys);
  return {
    previews: Object.fromEntries(Object.entries(media).map(([key, view]) => [key, fallbackUrl(view, 400)])),
    alts: Object.fromEntries(Object.entries(media).map(([key, view]) => [key, view.alt])),
  };
}

/** The editor's starting point for a stored package, or null when there is none. */
export async function loadPackageEditor(id: number) {
  const row = await getPackage(String(id), { includeDrafts: true });
  if (!row) return null;
  const [featured] = await getDb().select().from(topDestinations).where(eq(topDestinations.packageId, id)).limit(1);
  const values = toEditorValues(row, Boolean(featured));
  const keys = [values.thumbnail, ...values.gallery, ...values.itinerary.map((day) => day.photo)].filter(Boolean);
  const missing = missingForPublish({ ...row, days: row.days || undefined, price: row.priceFrom > 0 ? row.price : undefined }).map((item) => item.label);
  const { previews, alts } = await imagePreviews(keys);
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    updatedAt: row.updatedAt.toISOString(),
    /** Shown in the save bar; formatted here so the server and the browser show the same text. */
    savedAt: formatDateTime(row.updatedAt),
    today: todayIso(),
    values,
    missing,
    previews,
    alts,
  };
}

/** A new package's editor: what publishing needs, and today for the checks. */
export function newPackageEditor() {
  return { missing: PUBLISH_REQUIREMENTS.map((item) => item.label), today: todayIso() };
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

  if (formData.get("intent") === "duplicate" && id !== null) {
    const copy = await duplicatePackage(id, ctx);
    if (!copy) throw data(null, { status: 404 });
    if (!copy.ok) return redirectWithNotice(`/admin/packages/${id}`, { kind: "error", message: FAILED });
    return redirectWithNotice(`/admin/packages/${copy.row.id}`, {
      kind: "success",
      message: `Draft copy made: you are now editing “${copy.row.title}”.`,
    });
  }

  const submission = parseWithZod(formData, { schema: packageInputSchema });
  const alts = parseWithZod(formData, { schema: imageAltsInputSchema });
  if (submission.status !== "success" || alts.status !== "success") {
    const errors = { ...(submission.status === "success" ? {} : submission.reply().error), ...(alts.status === "success" ? {} : alts.reply().error) };
    return data<PackageEditorActionData>({ errors, notice: FAILED }, { status: 400 });
  }
  const options = { imageAlts: alts.value.imageAlts };
  const result = id === null ? await createPackage(submission.value, ctx, options) : await updatePackage(id, submission.value, ctx, options);
  if (!result) throw data(null, { status: 404 });
  if (!result.ok) {
    const errors = Object.fromEntries(Object.entries(result.fields).map(([name, message]) => [name, [message]]));
    return data<PackageEditorActionData>({ errors, notice: FAILED }, { status: 400 });
  }
  // Back on the section the save was made from (the editor posts which one is open).
  const section = String(formData.get("section") ?? "");
  const fragment = section !== "basics" && PACKAGE_SECTIONS.some((known) => known.id === section) ? `#${section}` : "";
  return redirectWithNotice(`/admin/packages/${result.row.id}${fragment}`, {
    kind: "success",
    message: id === null ? "Package created successfully!" : "Package updated successfully!",
  });
}
