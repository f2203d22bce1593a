import { sql } from "drizzle-orm";
import { getDatabaseKind, getDb } from "~/server/db/db.server";
import { sessions, users } from "~/server/db/schema.server";
import { getViewer, type Viewer } from "./guard.server";
import { SESSION_COOKIE } from "./auth.server";

/**
 * A few seconds' memory of sessions found valid, for requests that come in
 * bursts from one signed-in person: the 256 KiB chunks of an upload (ADR 024)
 * read the session row once per few seconds instead of once per chunk.
 *
 * Only the uploads guard uses it; pages and the API read the row every time.
 * Everything that ends or changes a session or a user (sign-out, password
 * change or reset, role change, deactivation) calls forgetCheckedSessions(),
 * so a signed-out session really ends at once, not a few seconds later.
 *
 * That clearing reaches this process only. With DATABASE_URL several servers
 * share the sessions, and a sign-out on one would still be let through by
 * another's memory for up to 5 seconds. There a remembered session is
 * confirmed by one indexed read instead (the session row still there and
 * unexpired, its user still of that role and not deactivated; ADR 060), a
 * fraction of a full check's cost, so a sign-out, a deactivation or a role
 * change holds on every server at once. PGlite admits one process, whose own
 * clearing is enough.
 */
const SESSION_CHECK_TTL_MS = 5_000;
/** More distinct sessions than staff will ever have at once: past it, start again. */
const MAX_ENTRIES = 1_000;

type Checked = { viewer: Viewer; until: number };
const checked = new Map<string, Checked>();

/** The session cookie's value (the signed token), or null. */
function sessionTokenOf(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (name === SESSION_COOKIE || name === `__Secure-${SESSION_COOKIE}`) return part.slice(at + 1).trim() || null;
  }
  return null;
}

/** getViewer, answered from memory when this session was found valid in the last few seconds. */
export async function getViewerCached(request: Request, now = Date.now()): Promise<Viewer | null> {
  const token = sessionTokenOf(request);
  if (!token) return null;
  const hit = checked.get(token);
  if (hit && hit.until > now && (getDatabaseKind() !== "postgres" || (await stillValid(hit.viewer)))) return hit.viewer;
  const viewer = await getViewer(request);
  if (!viewer) {
    checked.delete(token);
    return null;
  }
  if (checked.size >= MAX_ENTRIES) checked.clear();
  checked.set(token, { viewer, until: now + SESSION_CHECK_TTL_MS });
  return viewer;
}

/** One indexed read: the viewer's session row is there and unexpired, and their user unchanged in role and not deactivated. */
async function stillValid(viewer: Viewer): Promise<boolean> {
  if (!viewer.sessionId) return false;
  const result = await getDb().execute(sql`
    select 1 as ok from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
    where ${sessions.id} = ${viewer.sessionId} and ${sessions.expiresAt} > now()
      and ${users.role} = ${viewer.role} and ${users.banned} is not true`);
  return result.rows.length > 0;
}

/** Forgets every remembered session: call it whenever a session ends or a user changes. */
export function forgetCheckedSessions(): void {
  checked.clear();
}
