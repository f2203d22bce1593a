import { asc, eq } from "drizzle-orm";
import type { FeaturedPackage } from "~/lib/package-view-model";
import { writeContent, type ContentWriteContext } from "~/server/content/content-write.server";
import { getDb } from "~/server/db/db.server";
import type { Db } from "~/server/db/db.server";
import { packages, topDestinations } from "~/server/db/schema.server";

async function featuredInOrder(db: Db): Promise<{ id: number; title: string; status: "draft" | "published" }[]> {
  return db
    .select({ id: packages.id, title: packages.title, status: packages.status })
    .from(topDestinations)
    .innerJoin(packages, eq(packages.id, topDestinations.packageId))
    .orderBy(asc(topDestinations.sortOrder), asc(packages.id));
}

/** Every featured package (drafts too: they wait off the carousel until published), in carousel order. */
export async function listFeaturedPackages(): Promise<FeaturedPackage[]> {
  const rows = await featuredInOrder(getDb());
  return rows.map((row, index) => ({ ...row, position: index + 1 }));
}

export type MoveDirection = "up" | "down";

/**
 * Moves a featured package one place up or down the carousel and numbers the
 * whole order 1..n again, in one content write (live at the next request,
 * logged as a package update). Null when the package is not featured; the
 * same position when it is already first (up) or last (down).
 */
export async function moveFeaturedPackage(packageId: number, direction: MoveDirection, ctx: ContentWriteContext) {
  return writeContent<{ title: string; position: number } | null>(ctx, async (tx) => {
    // Lock the carousel's rows: two staff moving at once take turns.
    await tx.select({ id: topDestinations.packageId }).from(topDestinations).for("update");
    const order = await featuredInOrder(tx);
    const from = order.findIndex((row) => row.id === packageId);
    if (from < 0) return { result: null, revisions: [] };
    const document = (rows: typeof order) => ({ order: rows.map(({ id, title }) => ({ id, title })) });
    const previous = document(order);
    const to = direction === "up" ? Math.max(0, from - 1) : Math.min(order.length - 1, from + 1);
    const [moved] = order.splice(from, 1);
    order.splice(to, 0, moved!);
    for (const [index, row] of order.entries()) {
      await tx
        .update(topDestinations)
        .set({ sortOrder: index + 1 })
        .where(eq(topDestinations.packageId, row.id));
    }
    return {
      result: { title: moved!.title, position: to + 1 },
      // The carousel is a document of its own (ADR 037): its revisions keep each order.
      revisions: to === from ? [] : [{ type: "featured-order", id: "home", kind: "updated", label: "Home carousel", document: document(order), previous }],
      activity:
        to === from
          ? []
          : [{ kind: "package.updated", subject: { type: "package", id: moved!.id, label: moved!.title }, detail: { featuredPosition: to + 1 } }],
    };
  });
}
