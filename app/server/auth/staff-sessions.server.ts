import { and, desc, eq, ne } from "drizzle-orm";
import { recordActivity } from "~/server/activity/activity.server";
import { getDb } from "~/server/db/db.server";
import { sessions } from "~/server/db/schema.server";
import { sessionHardExpiry, type Viewer } from "./guard.server";
import { forgetCheckedSessions } from "./session-check-cache.server";

/** One of a person's signed-in sessions, as the Active sessions list shows it. */
type StaffSession = {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  signedInAt: string;
  lastUsedAt: string;
  /** When it ends at the latest: 30 days (kept) or 12 hours after signing in. */
  endsAt: string;
  keepSignedIn: boolean;
  current: boolean;
};

/** The viewer's live sessions, most recently used first. */
export async function listOwnSessions(viewer: Viewer): Promise<StaffSession[]> {
  const rows = await getDb().select().from(sessions).where(eq(sessions.userId, viewer.id)).orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  const now = Date.now();
  return rows
    .map((row) => ({ row, endsAt: sessionHardExpiry(row) }))
    .filter(({ row, endsAt }) => row.expiresAt.getTime() > now && endsAt.getTime() > now)
    .map(({ row, endsAt }) => ({
      id: row.id,
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      signedInAt: row.createdAt.toISOString(),
      lastUsedAt: (row.lastUsedAt ?? row.updatedAt ?? row.createdAt).toISOString(),
      endsAt: endsAt.toISOString(),
      keepSignedIn: row.keepSignedIn,
      current: row.id === viewer.sessionId,
    }));
}

/** Signs out one of the viewer's own sessions (never someone else's: the row must be theirs). */
export async function endOwnSession(viewer: Viewer, sessionId: string, ip?: string | null): Promise<boolean> {
  const ended = await getDb()
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, viewer.id)))
    .returning({ id: sessions.id, userAgent: sessions.userAgent });
  forgetCheckedSessions();
  if (ended.length === 0) return false;
  await recordActivity({
    kind: "auth.session-ended",
    actor: viewer,
    subject: { type: "user", id: viewer.id, label: viewer.email },
    ip,
    detail: { userAgent: ended[0]!.userAgent },
  });
  return true;
}

/** Signs out every session of the viewer but this one. Returns how many ended. */
export async function endOtherSessions(viewer: Viewer, ip?: string | null): Promise<number> {
  if (!viewer.sessionId) return 0;
  const ended = await getDb()
    .delete(sessions)
    .where(and(eq(sessions.userId, viewer.id), ne(sessions.id, viewer.sessionId)))
    .returning({ id: sessions.id });
  forgetCheckedSessions();
  await recordActivity({
    kind: "auth.other-sessions-ended",
    actor: viewer,
    subject: { type: "user", id: viewer.id, label: viewer.email },
    ip,
    detail: { count: ended.length },
  });
  return ended.length;
}
