import { asc, sql } from "drizzle-orm";
import { ACTIVITY_KINDS, countActivity, isActivityKind, listActivity } from "./activity.server";
import { getDb } from "~/server/db/db.server";
import { users } from "~/server/db/schema.server";
import { activityChanges } from "~/lib/activity-labels";

/** Everyone who may appear in the log, for the "user" filter (read here: the user module records activity, so it cannot be asked). */
function listActors() {
  return getDb()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .orderBy(asc(sql`lower(${users.name})`), asc(users.email));
}

export const ACTIVITY_PAGE_SIZE = 50;

/**
 * The /admin/activity view: filters (user, kind) and the page number come
 * from the URL, so a filtered view can be bookmarked and works without JavaScript.
 */
export async function loadActivityPage(url: URL) {
  const userParam = url.searchParams.get("user") ?? "";
  const kindParam = url.searchParams.get("kind") ?? "";
  const staff = await listActors();
  const userId = staff.some((user) => user.id === userParam) ? userParam : undefined;
  const kind = isActivityKind(kindParam) ? kindParam : undefined;
  const filter = { userId, kind };
  const total = await countActivity(filter);
  const pages = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const requested = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(requested) ? Math.min(Math.max(requested, 1), pages) : 1;
  const rows = await listActivity({ ...filter, limit: ACTIVITY_PAGE_SIZE, offset: (page - 1) * ACTIVITY_PAGE_SIZE });
  return {
    filter: { user: userId ?? "", kind: kind ?? "" },
    users: staff,
    kinds: [...ACTIVITY_KINDS],
    page,
    pages,
    total,
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind,
      who: row.actorName || row.actorEmail || "Unknown",
      whoEmail: row.actorEmail ?? "",
      subject: row.subjectLabel ?? (row.subjectId ? `${row.subjectType ?? "item"} ${row.subjectId}` : ""),
      subjectType: row.subjectType ?? "",
      ip: row.ip ?? "",
      // What changed, in words (ADR 037): "changed price (adult) from ₹99,500 to ₹1,04,500".
      changes: activityChanges(row.detail),
    })),
  };
}
