import type { PackageRow } from "~/server/db/schema.server";
import { getMediaByKeys } from "~/server/media/media.server";
import { fromPrice } from "~/lib/price";
import type { AdminPackageCard, AdminPackageFilters } from "~/lib/admin-package-list";
import { listDraftIds } from "~/server/content/drafts.server";
import { listSchedules } from "~/server/content/schedule.server";
import { listPackages } from "./package-queries.server";

function matches(row: PackageRow, { q, region, status }: AdminPackageFilters): boolean {
  if (region && row.region !== region) return false;
  if (status && row.status !== status) return false;
  if (!q) return true;
  const needle = q.toLocaleLowerCase("en-IN");
  return [row.title, row.country, row.category, row.slug].some((text) => text.toLocaleLowerCase("en-IN").includes(needle));
}

/**
 * The back office's package list: drafts included, filtered in memory (the
 * agency has tens of packages, not thousands), thumbnails resolved.
 */
export async function listAdminPackages(filters: AdminPackageFilters): Promise<AdminPackageCard[]> {
  const rows = (await listPackages({ includeDrafts: true })).filter((row) => matches(row, filters));
  const [media, schedules, drafts] = await Promise.all([getMediaByKeys(rows.map((row) => row.thumbnail)), listSchedules("package"), listDraftIds("package")]);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    region: row.region,
    status: row.status,
    days: row.days,
    nights: row.nights,
    price: fromPrice(row.price, row.priceOptions),
    thumbnail: media[row.thumbnail] ?? null,
    scheduledFor: schedules.get(String(row.id))?.publishAt.toISOString() ?? null,
    hasDraftChanges: drafts.has(String(row.id)),
  }));
}
