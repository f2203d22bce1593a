import crypto from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { sessions, users } from "~/server/db/schema.server";

export const SESSION_COOKIE = "pravas_session";

export type Viewer = { id: number; email: string; name: string; role: "admin" | "editor" };

export function hashSessionToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A cookie's value; null when it is absent or does not parse (a malformed cookie is ignored, never an error). */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return null;
    }
  }
  return null;
}

/** The signed-in staff member making this request, or null for a visitor. */
export async function getViewer(request: Request): Promise<Viewer | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const [row] = await getDb()
    .select({ id: users.id, email: users.email, name: users.name, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, hashSessionToken(token)),
        gt(sessions.expiresAt, new Date()),
        eq(users.active, true),
      ),
    );
  return row ?? null;
}

/** Creates a session and returns the cookie token (only its hash is stored). */
export async function createSession(userId: number, days = 7): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  await getDb().insert(sessions).values({ id: hashSessionToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** Staff (any role) may see drafts; visitors see published content only. */
export function canSeeDrafts(viewer: Viewer | null): boolean {
  return viewer !== null;
}
