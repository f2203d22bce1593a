import { eq, or } from "drizzle-orm";
import { getDb, type Db } from "~/server/db/db.server";
import { redirects } from "~/server/db/schema.server";

/** The path an old public path now lives at, or null. */
export async function findRedirect(fromPath: string): Promise<string | null> {
  const [row] = await getDb().select({ toPath: redirects.toPath }).from(redirects).where(eq(redirects.fromPath, fromPath)).limit(1);
  return row?.toPath ?? null;
}

/**
 * Records that `fromPath` moved to `toPath`, inside the caller's transaction.
 * Chains collapse: whatever pointed at `fromPath` now points at `toPath`, and
 * a redirect away from `toPath` (it is live again) is dropped, so no loop forms.
 */
export async function addRedirect(tx: Db, fromPath: string, toPath: string): Promise<void> {
  if (fromPath === toPath) return;
  await tx.delete(redirects).where(eq(redirects.fromPath, toPath));
  await tx.update(redirects).set({ toPath }).where(eq(redirects.toPath, fromPath));
  await tx
    .insert(redirects)
    .values({ fromPath, toPath })
    .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath, createdAt: new Date() } });
}

/** A path that is live (again): it must not redirect away. */
export async function clearRedirectFrom(tx: Db, path: string): Promise<void> {
  await tx.delete(redirects).where(eq(redirects.fromPath, path));
}

/** A path that is gone: nothing should redirect to it (nor from it). */
export async function removeRedirectsTo(tx: Db, path: string): Promise<void> {
  await tx.delete(redirects).where(or(eq(redirects.toPath, path), eq(redirects.fromPath, path)));
}
