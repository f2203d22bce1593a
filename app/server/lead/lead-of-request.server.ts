import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "~/server/db/db.server";
import { leads } from "~/server/db/schema.server";
import type { DbExecutor } from "~/server/jobs/jobs.server";

type LeadSource = (typeof leads.$inferSelect)["source"];

/**
 * The lead an earlier try of the same request stored (ADR 093): its insert
 * found the request id taken (`on conflict do nothing` waits for a try still
 * in its transaction, and this statement sees what it committed). Throws when
 * there is none, which an insert without a request id never leaves.
 */
export async function leadOfRequest(tx: DbExecutor, source: LeadSource, requestId: string | null): Promise<number> {
  const [found] = requestId ? await leadsOfRequests(tx, source, [requestId]) : [];
  if (!found) throw new Error(`The ${source} lead was not stored.`);
  return found.id;
}

/** The leads of a source that these requests stored. */
export function leadsOfRequests(tx: DbExecutor, source: LeadSource, requestIds: string[]) {
  return (tx as Db)
    .select({ id: leads.id, requestId: leads.requestId })
    .from(leads)
    .where(and(eq(leads.source, source), inArray(leads.requestId, requestIds)));
}
