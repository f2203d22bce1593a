// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): the limits and session checks shared by two servers through the pool (PostgreSQL),
// or kept in memory (PGlite).
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuth, resetAuthForTests } from "~/server/auth/auth.server";
import { LOGIN_WINDOW_MS, LoginThrottle } from "~/server/auth/login-throttle.server";
import { getViewerCached } from "~/server/auth/session-check-cache.server";
import { getLoginThrottle, signIn } from "~/server/auth/sign-in.server";
import { getDatabaseKind, type Db } from "~/server/db/db.server";
import * as t from "~/server/db/schema.server";
import { FormRateLimiter, getFormRateLimiter, takeFormPost } from "~/server/forms/form-rate-limit.server";
import { services } from "~/server/services.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { quickPasswordHasher } from "../../../tests/support/quick-password-hasher";
import { signInStaff } from "../../../tests/support/staff-sign-in";
import { createFailureLog, createLimiter, limitStoreFor, type LimitStore } from "./limits.server";

/**
 * Limits and sessions with several servers (ADR 060). On PostgreSQL, "server
 * B" is a second pool on the same database, with limits of its own, as a
 * second process would have: what A counted, B counts too. On PGlite (one
 * process by design) the limits are in memory and "server B" is the one
 * server again: the same counts hold within it.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SITE = "http://localhost:3000";
const LIMITS = { maxFailures: 5, maxPerIp: 30 };

let db: Db;
/** The other server's connection to the shared database (PostgreSQL only). */
let poolB: pg.Pool | undefined;
/** This server's limit store, and the other server's (the same memory on PGlite: there is no other server). */
let storeA: LimitStore;
let storeB: LimitStore;

function request(path: string, cookie?: string, method = "GET") {
  return new Request(`${SITE}${path}`, { method, headers: cookie ? { cookie } : {} });
}

const signedInCookie = async (email: string, password: string) => (await signInStaff(email, password, { address: "10.20.0.1" })).cookie;

beforeAll(async () => {
  // Its users' passwords are checked at a test's cost: what it proves is not the hashing (quick-password-hasher.ts).
  resetAuthForTests({ passwordHasher: quickPasswordHasher });
  db = await openTestDatabase();
  storeA = limitStoreFor(services.db);
  if (onPostgres) {
    poolB = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2 });
    storeB = { kind: "postgres", pool: poolB };
  } else {
    storeB = storeA;
  }
  await getAuth().api.createUser({ body: { email: "asha@example.com", password: "asha-password-123", name: "Asha", role: "admin" } });
  await getAuth().api.createUser({ body: { email: "bina@example.com", password: "bina-password-123", name: "Bina", role: "editor" } });
});
afterAll(async () => {
  await poolB?.end();
  await closeTestDatabase();
});

describe("where the limits count", () => {
  it("in PostgreSQL with DATABASE_URL, in memory with PGlite", async () => {
    expect(storeA.kind).toBe(onPostgres ? "postgres" : "memory");
    expect(getDatabaseKind()).toBe(onPostgres ? "postgres" : "pglite-memory");
  });
});

describe("the sign-in throttle across two servers", () => {
  it("counts failed sign-ins on both: the 6th attempt for one e-mail from one address is refused, wherever it lands", async () => {
    // Server A is the app's own throttle (signIn); server B has its own over the same store.
    const serverB = onPostgres ? new LoginThrottle(LIMITS, Date.now, createFailureLog(LOGIN_WINDOW_MS, storeB)) : getLoginThrottle();
    const ip = "198.51.100.60";
    for (let attempt = 0; attempt < 5; attempt++) {
      if (attempt % 2 === 0) {
        const outcome = await signIn(request("/admin", undefined, "POST"), ip, { email: "asha@example.com", password: `wrong-${attempt}` });
        expect(outcome.status).toBe("failed");
      } else {
        expect((await serverB.check("asha@example.com", ip)).allowed).toBe(true);
        await serverB.recordFailure("asha@example.com", ip);
      }
    }
    // Three failures on A, two on B: both refuse the 6th.
    expect(await serverB.check("asha@example.com", ip)).toMatchObject({ allowed: false });
    const onA = await signIn(request("/admin", undefined, "POST"), ip, { email: "asha@example.com", password: "asha-password-123" });
    expect(onA.status).toBe("throttled");
    // Another address is not held back by it.
    expect((await signIn(request("/admin", undefined, "POST"), "198.51.100.61", { email: "asha@example.com", password: "asha-password-123" })).status).toBe(
      "signed-in",
    );
  });

  it("a success on one server clears the failures that server B sees", async () => {
    const logA = createFailureLog(LOGIN_WINDOW_MS, storeA);
    const serverA = new LoginThrottle(LIMITS, Date.now, logA);
    const serverB = new LoginThrottle(LIMITS, Date.now, onPostgres ? createFailureLog(LOGIN_WINDOW_MS, storeB) : logA);
    for (let i = 0; i < 4; i++) await (i % 2 ? serverA : serverB).recordFailure("cleared@example.com", "198.51.100.70");
    await serverA.recordSuccess("cleared@example.com", "198.51.100.70");
    await serverB.recordFailure("cleared@example.com", "198.51.100.70");
    expect((await serverB.check("cleared@example.com", "198.51.100.70")).allowed).toBe(true);
  });
});

describe("the form limit across two servers", () => {
  it("allows 10 posts per client between both servers; the 11th is refused on either", async () => {
    const serverB = onPostgres ? new FormRateLimiter(createLimiter({ keyPrefix: "form", points: 10, duration: 600 }, storeB)) : getFormRateLimiter();
    const ip = "203.0.113.80";
    const allowed: boolean[] = [];
    for (let post = 0; post < 10; post++) allowed.push((post % 2 ? await serverB.take(ip) : await takeFormPost(ip)).allowed);
    expect(allowed).toEqual(Array(10).fill(true));
    expect((await takeFormPost(ip)).allowed).toBe(false);
    const refused = await serverB.take(ip);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(590);
    expect((await serverB.take("203.0.113.81")).allowed).toBe(true);
  });

  it("keeps its counters in rate_limits on PostgreSQL, and none with PGlite", async () => {
    const rows = await db.select().from(t.rateLimits).where(eq(t.rateLimits.key, "form:203.0.113.80"));
    expect(rows.map((row) => row.points)).toEqual(onPostgres ? [12] : []);
  });

  it("the page-render limit is the same kind of counter: 3 a minute between two servers", async () => {
    const a = createLimiter({ keyPrefix: "render", points: 3, duration: 60 }, storeA);
    const b = onPostgres ? createLimiter({ keyPrefix: "render", points: 3, duration: 60 }, storeB) : a;
    await a.consume("192.0.2.90");
    await b.consume("192.0.2.90");
    await a.consume("192.0.2.90");
    await expect(b.consume("192.0.2.90")).rejects.toMatchObject({ consumedPoints: 4 });
  });
});

describe("sessions across two servers", () => {
  it("a sign-out, a deactivation or a role change on server A holds on server B's next request", async () => {
    const cookie = await signedInCookie("bina@example.com", "bina-password-123");
    // Server B checks an upload chunk's session (the one cached check, ADR 024)...
    expect(await getViewerCached(request("/api/uploads/x", cookie, "PATCH"))).toMatchObject({ email: "bina@example.com", role: "editor" });

    // ...server A changes her role, straight in the shared database: B's memory is not told.
    await db.update(t.users).set({ role: "admin" }).where(eq(t.users.email, "bina@example.com"));
    const afterRoleChange = await getViewerCached(request("/api/uploads/x", cookie, "PATCH"));
    // PGlite is one process: whatever changes a user clears the cache there (forgetCheckedSessions).
    if (onPostgres) expect(afterRoleChange?.role).toBe("admin");

    // A deactivation on A.
    await db.update(t.users).set({ banned: true }).where(eq(t.users.email, "bina@example.com"));
    if (onPostgres) expect(await getViewerCached(request("/api/uploads/x", cookie, "PATCH"))).toBeNull();
    await db.update(t.users).set({ banned: false }).where(eq(t.users.email, "bina@example.com"));

    // A sign-out on A deletes the session row: B refuses the old cookie at once.
    const again = await signedInCookie("bina@example.com", "bina-password-123");
    expect(await getViewerCached(request("/api/uploads/x", again, "PATCH"))).not.toBeNull();
    await db.delete(t.sessions).where(eq(t.sessions.userId, (await db.select().from(t.users).where(eq(t.users.email, "bina@example.com")))[0]!.id));
    if (onPostgres) expect(await getViewerCached(request("/api/uploads/x", again, "PATCH"))).toBeNull();
  });
});
