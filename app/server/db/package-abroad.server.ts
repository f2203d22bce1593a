import { sql } from "drizzle-orm";
import { packages } from "./schema.server";

/** `isPackageAbroad` (app/lib/package-abroad.ts) as a column expression, for queries that select or filter by it. */
export const packageIsAbroad = sql<boolean>`coalesce(${packages.overseas}, ${packages.region} = 'international')`;
