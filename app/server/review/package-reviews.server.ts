import { and, avg, count, desc, eq } from "drizzle-orm";
import { travelledLabel, type VerifiedReviews } from "~/lib/review";
import { getDb } from "~/server/db/db.server";
import { reviews } from "~/server/db/schema.server";
import { photosOfReviews } from "./review-photos.server";

/** The package page shows this many verified reviews (with the curated ones, spec §9's six in all is the curated limit). */
export const PACKAGE_PAGE_VERIFIED_REVIEWS = 6;

/**
 * A package's verified reviews (issue 48, ADR 116): published ones only, the
 * newest first, and their average and count for the JSON-LD's
 * aggregateRating (null when there are none). The team's curated reviews
 * (packages.reviews) are never counted here.
 */
export async function packageVerifiedReviews(packageId: number, limit = PACKAGE_PAGE_VERIFIED_REVIEWS): Promise<VerifiedReviews> {
  const db = getDb();
  const published = and(eq(reviews.packageId, packageId), eq(reviews.status, "published"));
  const [rows, [summary]] = await Promise.all([
    db.select().from(reviews).where(published).orderBy(desc(reviews.moderatedAt), desc(reviews.id)).limit(limit),
    db
      .select({ average: avg(reviews.stars), count: count() })
      .from(reviews)
      .where(published),
  ]);
  const total = summary?.count ?? 0;
  const photos = await photosOfReviews(rows);
  return {
    items: rows.map((row) => ({
      id: row.id,
      stars: row.stars,
      title: row.title,
      body: row.body,
      authorName: row.authorName,
      travelled: travelledLabel(row.travelledOn),
      publishedOn: (row.moderatedAt ?? row.createdAt).toISOString().slice(0, 10),
      reply: row.reply,
      photos: photos.get(row.id) ?? [],
    })),
    rating: total > 0 ? { value: Math.round(Number(summary!.average) * 10) / 10, count: total } : null,
  };
}
