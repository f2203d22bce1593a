import { eq } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { users } from "~/server/db/schema.server";
import { createLimiter, serverLimit } from "~/server/limits/limits.server";
import { getLogger } from "~/server/logger.server";
import { recordWithSecurityNotice } from "./security-notice.server";
import { ACCOUNT_FREE_FAILURES, type LoginThrottle } from "./login-throttle.server";

/** At most one alert per account per this long, however long the guessing goes on (and on every server: the limit is shared). */
const ALERT_EVERY_SECONDS = 60 * 60;

/**
 * Tells an account's owner, by e-mail through the outbox, that someone is
 * failing to sign in to it: once the account's failures reach the point where
 * new browsers start to wait (ADR 086), at most once an hour. Unknown e-mails
 * get no alert (there is nobody to tell) but were counted all the same.
 * Never throws: the caller does not wait for it.
 */
export async function alertOwnerAfterFailures(throttle: LoginThrottle, email: string, clientIp: string): Promise<void> {
  try {
    if (!email || (await throttle.accountFailures(email)) < ACCOUNT_FREE_FAILURES) return;
    const [user] = await getDb()
      .select({ id: users.id, email: users.email, banned: users.banned })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()));
    if (!user || user.banned) return;
    const limiter = serverLimit("sign-in-alert", () => createLimiter({ keyPrefix: "signin-alert", points: 1, duration: ALERT_EVERY_SECONDS }));
    try {
      await limiter.consume(user.id);
    } catch {
      return; // told within the hour already
    }
    await recordWithSecurityNotice(
      {
        kind: "auth.sign-in-failures-alert",
        actor: null,
        subject: { type: "user", id: user.id, label: user.email },
        ip: clientIp,
        detail: { failures: ACCOUNT_FREE_FAILURES },
      },
      { change: "sign-in-failures", to: user.email },
    );
  } catch (error) {
    getLogger().error({ err: error }, "could not alert an account's owner about failed sign-ins");
  }
}
