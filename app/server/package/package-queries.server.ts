import { and, asc, eq, type SQL } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { packages, topDestinations, type PackageRow } from "~/server/db/schema.server";
import { parseId } from "~/server/http.server";

type VisibilityOptions = { includeDrafts?: boolean };

function visible({ includeDrafts = false }: VisibilityOptions, ...conditions: (SQL | undefined)[]) {
  return and(includeDrafts ? undefined : eq(packages.status, "published"), ...conditions);
}

/** Packages in display order (international first, then national, by sort order). */
export async function listPackages(options: VisibilityOptions = {}): Promise<PackageRow[]> {
  return getDb().select().from(packages).where(visible(options)).orderBy(asc(packages.sortOrder), asc(packages.id));
}

export function listPublishedPackages() {
  return listPackages();
}

/** Finds a package by numeric id or by slug. */
export async function getPackage(idOrSlug: string, options: VisibilityOptions = {}): Promise<PackageRow | null> {
  const id = parseId(idOrSlug);
  const [row] = await getDb()
    .select()
    .from(packages)
    .where(visible(options, id ? eq(packages.id, id) : eq(packages.slug, idOrSlug)))
    .limit(1);
  return row ?? null;
}

/** The home page's featured packages, in their chosen order. */
export async function listTopDestinations(): Promise<PackageRow[]> {
  const rows = await getDb()
    .select({ pkg: packages })
    .from(topDestinations)
    .innerJoin(packages, eq(packages.id, topDestinations.packageId))
    .where(eq(packages.status, "published"))
    .orderBy(asc(topDestinations.sortOrder), asc(packages.id));
  return rows.map((row) => row.pkg);
}
