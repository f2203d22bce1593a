// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): one code claimed once when sign-ins race, by a conditional update under row locks.
import { symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "~/server/db/db.server";
import * as t from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { quickPasswordHasher } from "../../../tests/support/quick-password-hasher";
import { cookieHeaderFrom, signInStaff } from "../../../tests/support/staff-sign-in";
import { totpCode as appCode } from "../../../tests/e2e/totp";
import { getAuth, resetAuthForTests } from "./auth.server";
import { getViewer } from "./guard.server";
import { signIn } from "./sign-in.server";
import { twoFactorKeyOf } from "./totp-steps.server";
import { beginEnrolment, CODE_USED, confirmEnrolment, SECRET_UNREADABLE, verifySecondStep } from "./two-factor.server";

// Issue 44 findings 1 and 12, on both engines: a two-step code works once, and
// a secret this server cannot decrypt is said plainly instead of a 500.

const SITE = "http://localhost:3000";
let db: Db;
/** The moment the tests pretend it is: codes are for steps of it, and moving it on makes new steps. */
let now = Date.now();

async function enrolled(email: string, password: string): Promise<{ key: string; id: string }> {
  const created = await getAuth().api.createUser({ body: { email, password, name: email.split("@")[0]!, role: "editor" } });
  const { cookie } = await signInStaff(email, password);
  const request = new Request(`${SITE}/admin/account`, { method: "POST", headers: { cookie } });
  const viewer = (await getViewer(request))!;
  const begun = await beginEnrolment(request, password);
  if (!begun.ok) throw new Error(begun.message);
  const key = new URL(begun.value.otpauthUrl).searchParams.get("secret")!;
  const confirmed = await confirmEnrolment(request, viewer, appCode(key, 0, now));
  if (!confirmed.ok) throw new Error(confirmed.message);
  return { key, id: created.user.id };
}

/** The password step, from `address`: the pending challenge's Cookie header. */
async function challenge(email: string, password: string, address: string): Promise<string> {
  const outcome = await signIn(new Request(`${SITE}/admin`, { method: "POST" }), address, { email, password });
  if (outcome.status !== "two-factor") throw new Error(`expected a challenge, got ${outcome.status}`);
  return cookieHeaderFrom(outcome.headers);
}

const secondStep = (cookie: string, address: string, code: string) =>
  verifySecondStep(new Request(`${SITE}/admin/two-factor`, { method: "POST", headers: { cookie } }), address, "app", code);

const sessionsOf = (userId: string) => db.select().from(t.sessions).where(eq(t.sessions.userId, userId));

beforeAll(async () => {
  // Its users' passwords are checked at a test's cost: what it proves is not the hashing (quick-password-hasher.ts).
  resetAuthForTests({ passwordHasher: quickPasswordHasher });
  db = await openTestDatabase();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  resetAuthForTests();
  await closeTestDatabase();
});

/** Pretends it is `ms` (Date only: timers and the database keep running). */
function at(ms: number) {
  now = ms;
  vi.useFakeTimers({ toFake: ["Date"], now: ms });
}

describe("a two-step code works once (ASVS 2.8.4)", () => {
  it("reads the same secret the authenticator app got (contract with better-auth's storage)", async () => {
    const { key, id } = await enrolled("contract@example.com", "cardamom-hills-walk");
    const ours = await twoFactorKeyOf(id);
    // The app's key is the otpauth URI's base32; better-auth keeps the raw string, encrypted.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    const bits = [...key].map((char) => alphabet.indexOf(char).toString(2).padStart(5, "0")).join("");
    const bytes = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
    expect(ours?.equals(bytes)).toBe(true);
  });

  it("refuses a code that signed in already, from another session and address, and leaves no session for it", async () => {
    at(Date.now());
    const { key, id } = await enrolled("replay@example.com", "banyan-shade-at-noon");
    // The enrolment spent this step: its code cannot sign in.
    const enrolmentCode = appCode(key, 0, now);
    expect(await secondStep(await challenge("replay@example.com", "banyan-shade-at-noon", "10.0.0.1"), "10.0.0.1", enrolmentCode)).toMatchObject({
      status: "wrong-code",
      message: CODE_USED,
    });

    at(now + 30_000);
    const code = appCode(key, 0, now);
    const first = await secondStep(await challenge("replay@example.com", "banyan-shade-at-noon", "10.0.0.1"), "10.0.0.1", code);
    expect(first.status).toBe("signed-in");
    const sessionsAfterFirst = (await sessionsOf(id)).length;
    for (const address of ["10.0.0.2", "2001:db8::7"]) {
      const replayed = await secondStep(await challenge("replay@example.com", "banyan-shade-at-noon", address), address, code);
      expect(replayed).toEqual({ status: "wrong-code", message: CODE_USED });
    }
    expect(await sessionsOf(id)).toHaveLength(sessionsAfterFirst);
  });

  it("refuses a code of a step before the last one accepted, though it is still within the drift window", async () => {
    at(Date.now() + 10 * 60_000);
    const { key } = await enrolled("window@example.com", "courtyard-tulsi-plant");
    at(now + 30_000);
    // The next step's code (a phone clock a little ahead) is accepted…
    const ahead = await secondStep(await challenge("window@example.com", "courtyard-tulsi-plant", "10.0.1.1"), "10.0.1.1", appCode(key, 1, now));
    expect(ahead.status).toBe("signed-in");
    // …after which this step's and the previous step's are not, though better-auth's window would take them.
    for (const step of [0, -1]) {
      const earlier = await secondStep(await challenge("window@example.com", "courtyard-tulsi-plant", "10.0.1.1"), "10.0.1.1", appCode(key, step, now));
      expect(earlier, `step ${step}`).toEqual({ status: "wrong-code", message: CODE_USED });
    }
    // A new step's code signs in again.
    at(now + 60_000);
    expect((await secondStep(await challenge("window@example.com", "courtyard-tulsi-plant", "10.0.1.1"), "10.0.1.1", appCode(key, 0, now))).status).toBe(
      "signed-in",
    );
  });

  it("lets exactly one of six sign-ins racing with one code through", async () => {
    at(Date.now() + 20 * 60_000);
    const { key, id } = await enrolled("race@example.com", "sandalwood-incense-9");
    at(now + 30_000);
    const code = appCode(key, 0, now);
    const cookies = await Promise.all(Array.from({ length: 6 }, (_, i) => challenge("race@example.com", "sandalwood-incense-9", `10.0.2.${i + 1}`)));
    const before = (await sessionsOf(id)).length;
    const outcomes = await Promise.all(cookies.map((cookie, i) => secondStep(cookie, `10.0.2.${i + 1}`, code)));
    expect(outcomes.filter((outcome) => outcome.status === "signed-in")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === "wrong-code")).toHaveLength(5);
    expect(await sessionsOf(id)).toHaveLength(before + 1);
  });
});

describe("a secret this server cannot decrypt (a restore without SESSION_SECRET)", () => {
  it("is said plainly at the password step and at the code step, never a 500", async () => {
    at(Date.now() + 30 * 60_000);
    const { key, id } = await enrolled("moved@example.com", "lighthouse-at-kovalam");
    // A challenge taken while the secret was readable, then the secret as another server's key made it.
    const pending = await challenge("moved@example.com", "lighthouse-at-kovalam", "10.0.3.1");
    const [row] = await db.select().from(t.twoFactors).where(eq(t.twoFactors.userId, id));
    const otherServers = await symmetricEncrypt({ key: "another-servers-session-secret-0123456789", data: "JBSWY3DPEHPK3PXPJBSWY3DP" });
    await db.update(t.twoFactors).set({ secret: otherServers }).where(eq(t.twoFactors.id, row!.id));

    at(now + 30_000);
    expect(await secondStep(pending, "10.0.3.1", appCode(key, 0, now))).toEqual({ status: "unreadable", message: SECRET_UNREADABLE });
    const outcome = await signIn(new Request(`${SITE}/admin`, { method: "POST" }), "10.0.3.1", {
      email: "moved@example.com",
      password: "lighthouse-at-kovalam",
    });
    expect(outcome).toEqual({ status: "two-factor-unreadable", message: SECRET_UNREADABLE });
    expect(SECRET_UNREADABLE).toMatch(/SESSION_SECRET/);
  });
});
