import { fitMediaView, type MediaView } from "~/lib/media";
import { GALLERY_PHOTO_MAX_WIDTH, GALLERY_PRIORITY_PHOTOS, type GalleryRow } from "~/lib/package-view-model";

import { formatDuration, formatDurationPill } from "~/lib/tour-format";
import type { PackageRow } from "~/server/db/schema.server";
import { getMediaByKeys } from "~/server/media/media.server";

/**
 * The gallery page's rows: each package with its gallery photos resolved, cut
 * to the files a strip draws (the page carries 40 photos, ADR 072).
 */
export async function toGalleryRows(rows: PackageRow[]): Promise<GalleryRow[]> {
  const media = await getMediaByKeys(rows.flatMap((row) => row.gallery));
  return rows.map((row, rowIndex) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    pill: formatDurationPill(row.days, row.nights),
    duration: formatDuration(row.days, row.nights),
    images: row.gallery
      .map((key) => media[key])
      .filter((view): view is MediaView => view !== undefined)
      .map((view, index) => fitMediaView(view, { maxWidth: GALLERY_PHOTO_MAX_WIDTH, placeholder: rowIndex === 0 && index < GALLERY_PRIORITY_PHOTOS })),
  }));
}
