import { eq } from "drizzle-orm";
import { recordActivity } from "~/server/activity/activity.server";
import { getDb } from "~/server/db/db.server";
import { users } from "~/server/db/schema.server";
import type { ActorContext, Outcome } from "./user-admin.server";

/**
 * A staff member's name, which replies to customers sign ("this is Asha from
 * Pravas", issue 49): each person changes their own on the account page, an
 * admin anyone's on the Users page. Recorded with the old and new name; the
 * next request shows it everywhere (the session reads the user row).
 */
export async function renameStaff(userId: string, name: string, context: ActorContext): Promise<Outcome<{ from: string; to: string }>> {
  const db = getDb();
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  if (!row) return { ok: false, message: "That user no longer exists." };
  await db.update(users).set({ name, mustSetName: false }).where(eq(users.id, userId));
  if (row.name !== name) {
    await recordActivity({
      kind: "user.renamed",
      actor: { id: context.actor.id, email: context.actor.email, name: userId === context.actor.id ? name : context.actor.name },
      subject: { type: "user", id: userId, label: row.email },
      ip: context.ip ?? null,
      detail: { changes: [{ label: "name", from: row.name, to: name }] },
    });
  }
  return { ok: true, value: { from: row.name, to: name } };
}
