// TEMPORARY: stands in for pkgdomain's package-mutations.server.ts until that
// branch is merged; same call shapes. Delete at merge.
import { eq } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { packages, topDestinations, type PackageRow } from "~/server/db/schema.server";
import type { Viewer } from "~/server/auth/guard.server";
import { lowestPrice } from "~/lib/price";
import { slugify, type PackageInput, type PackagePrice } from "~/lib/package-schema";

type Ctx = { viewer: Viewer; ip?: string };

function toRow(input: PackageInput) {
  const price: PackagePrice =
    input.price?.kind === "adultChild"
      ? { kind: "adultChild", adult: input.price.adult ?? 0, childWithBed: input.price.childWithBed ?? 0, childNoBed: input.price.childNoBed ?? 0 }
      : { kind: "single", amount: input.price?.amount ?? 0, unit: input.price?.unit ?? "per person" };
  const { featured: _featured, ...rest } = input;
  return {
    ...rest,
    slug: input.slug || slugify(input.title),
    region: input.region ?? "international",
    days: input.days ?? 0,
    nights: input.nights ?? 0,
    brochureUrl: input.brochureUrl || null,
    price,
    priceFrom: lowestPrice(price, input.priceOptions),
    updatedAt: new Date(),
  };
}

async function setFeatured(id: number, featured: boolean) {
  if (featured) await getDb().insert(topDestinations).values({ packageId: id, sortOrder: 1000 }).onConflictDoNothing();
  else await getDb().delete(topDestinations).where(eq(topDestinations.packageId, id));
}

export async function createPackage(input: PackageInput, _ctx: Ctx): Promise<PackageRow> {
  const [row] = await getDb().insert(packages).values(toRow(input)).returning();
  if (!row) throw new Error("insert returned no row");
  await setFeatured(row.id, input.featured);
  return row;
}

export async function updatePackage(id: number, input: PackageInput, _ctx: Ctx): Promise<PackageRow | null> {
  const [row] = await getDb().update(packages).set(toRow(input)).where(eq(packages.id, id)).returning();
  if (row) await setFeatured(id, input.featured);
  return row ?? null;
}

export async function deletePackage(id: number, _ctx: Ctx): Promise<boolean> {
  const rows = await getDb().delete(packages).where(eq(packages.id, id)).returning({ id: packages.id });
  return rows.length > 0;
}
