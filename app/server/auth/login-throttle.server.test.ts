import { describe, expect, it } from "vitest";
import { ACCOUNT_FREE_FAILURES, LOGIN_WINDOW_MS, LoginThrottle, throttleMessage } from "./login-throttle.server";

function setup(limits = { maxFailures: 5, maxPerIp: 30 }) {
  let now = 1_000_000;
  const throttle = new LoginThrottle(limits, () => now);
  return { throttle, advance: (ms: number) => (now += ms) };
}

describe("LoginThrottle", () => {
  it("blocks an e-mail from one IP after 5 failures, for the rest of 15 minutes", async () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 5; i++) {
      expect((await throttle.check("Admin@x.com", "1.1.1.1")).allowed).toBe(true);
      await throttle.recordFailure("admin@x.com", "1.1.1.1");
      advance(1000);
    }
    const verdict = await throttle.check("admin@x.com", "1.1.1.1");
    expect(verdict).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 - 5 });
    advance(LOGIN_WINDOW_MS - 4000);
    expect((await throttle.check("admin@x.com", "1.1.1.1")).allowed).toBe(true);
  });

  it("does not lock the same e-mail out from another address", async () => {
    const { throttle } = setup();
    for (let i = 0; i < ACCOUNT_FREE_FAILURES - 1; i++) await throttle.recordFailure("admin@x.com", "6.6.6.6");
    expect((await throttle.check("admin@x.com", "6.6.6.6")).allowed).toBe(false);
    expect((await throttle.check("admin@x.com", "2.2.2.2")).allowed).toBe(true);
  });

  it("caps one IP across many e-mails: over the cap, only an e-mail that has not failed from there is checked", async () => {
    const { throttle } = setup({ maxFailures: 5, maxPerIp: 30 });
    for (let i = 0; i < 30; i++) await throttle.recordFailure(`user${i % 10}@x.com`, "6.6.6.6");
    // user3 failed from here: it waits. Someone else behind the same NAT may still try their own account.
    expect((await throttle.check("user3@x.com", "6.6.6.6")).allowed).toBe(false);
    expect(await throttle.check("colleague@x.com", "6.6.6.6")).toMatchObject({ allowed: true, addressOverCap: true });
    expect(await throttle.check("fresh@x.com", "7.7.7.7")).toEqual({ allowed: true });
  });

  it("slows one account down across every address with a growing delay, never a lock-out", async () => {
    const { throttle, advance } = setup({ maxFailures: 5, maxPerIp: 30 });
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
      expect((await throttle.check("admin@x.com", `10.0.0.${i}`)).allowed).toBe(true);
      await throttle.recordFailure("admin@x.com", `10.0.0.${i}`);
    }
    // The 11th attempt, from a new address, waits 2 s; then each failure doubles the wait.
    expect(await throttle.check("admin@x.com", "10.0.1.1")).toEqual({ allowed: false, retryAfterSeconds: 2, accountDelay: true });
    advance(2000);
    expect((await throttle.check("admin@x.com", "10.0.1.1")).allowed).toBe(true);
    await throttle.recordFailure("admin@x.com", "10.0.1.1");
    expect(await throttle.check("admin@x.com", "10.0.1.2")).toEqual({ allowed: false, retryAfterSeconds: 4, accountDelay: true });
    advance(4000);
    await throttle.recordFailure("admin@x.com", "10.0.1.2");
    expect(await throttle.check("admin@x.com", "10.0.1.3")).toEqual({ allowed: false, retryAfterSeconds: 8, accountDelay: true });
    // Other accounts are not slowed.
    expect((await throttle.check("editor@x.com", "10.0.1.3")).allowed).toBe(true);
    // The delay never passes 15 minutes.
    for (let i = 0; i < 30; i++) await throttle.recordFailure("admin@x.com", `10.0.2.${i}`);
    const verdict = await throttle.check("admin@x.com", "10.0.3.1");
    expect(verdict.allowed).toBe(false);
    expect(!verdict.allowed && verdict.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it("never holds back the owner's known browser with the account's delay, and lifts it for an attempt with a two-step code (ADR 086)", async () => {
    const { throttle } = setup({ maxFailures: 5, maxPerIp: 30 });
    for (let i = 0; i < 16; i++) await throttle.recordFailure("admin@x.com", `10.0.0.${i % 5}`);
    expect(await throttle.check("admin@x.com", "10.9.9.9")).toMatchObject({ allowed: false, accountDelay: true });
    expect(await throttle.check("admin@x.com", "10.9.9.9", { device: "laptop" })).toEqual({ allowed: true });
    expect(await throttle.check("admin@x.com", "10.9.9.9", { secondFactor: true })).toEqual({ allowed: true, accountDelayWaived: true });
    // The known browser has 5 failures of its own, then it is any browser.
    for (let i = 0; i < 5; i++) await throttle.recordFailure("admin@x.com", "10.9.9.9", { device: "laptop" });
    expect(await throttle.check("admin@x.com", "10.9.9.8", { device: "laptop" })).toMatchObject({ allowed: false, accountDelay: true });
    // Its own address's limit still holds for a code: 5 failures of this e-mail from here.
    expect((await throttle.check("admin@x.com", "10.9.9.9", { secondFactor: true })).allowed).toBe(false);
  });

  it("forgets an e-mail's failures after a success from that IP", async () => {
    const { throttle } = setup();
    for (let i = 0; i < 4; i++) await throttle.recordFailure("a@x.com", "1.1.1.1");
    await throttle.recordSuccess("a@x.com", "1.1.1.1");
    await throttle.recordFailure("a@x.com", "1.1.1.1");
    expect((await throttle.check("a@x.com", "1.1.1.1")).allowed).toBe(true);
  });

  it("words the wait in whole minutes", () => {
    expect(throttleMessage(895)).toBe("Too many attempts. Try again in 15 minutes.");
    expect(throttleMessage(30)).toBe("Too many attempts. Try again in 1 minute.");
  });

  it("counts an IPv6 client by its /64: rotating the last 64 bits does not reset the count", async () => {
    const { throttle } = setup({ maxFailures: 5, maxPerIp: 30 });
    for (let i = 0; i < 5; i++) await throttle.recordFailure("admin@x.com", `2001:db8:1:2::${(i + 1).toString(16)}`);
    expect((await throttle.check("admin@x.com", "2001:db8:1:2:ffff:ffff:ffff:fff0")).allowed).toBe(false);
    expect((await throttle.check("admin@x.com", "2001:0db8:0001:0002::abcd")).allowed).toBe(false);
    for (let i = 0; i < 25; i++) await throttle.recordFailure(`user${i}@x.com`, `2001:db8:1:2:${i.toString(16)}::1`);
    // Over the cap of 30: an e-mail that failed from this /64 waits, from any address in it.
    expect((await throttle.check("user7@x.com", "2001:db8:1:2::99")).allowed).toBe(false);
    // Another /64 is another client.
    expect((await throttle.check("admin@x.com", "2001:db8:1:3::1")).allowed).toBe(true);
    await throttle.recordSuccess("admin@x.com", "2001:db8:1:2::77");
    // The per-client cap of 30 stays: only a password check for an account that has not failed from there.
    expect(await throttle.check("admin@x.com", "2001:db8:1:2::1")).toMatchObject({ allowed: true, addressOverCap: true });
    expect((await throttle.check("user3@x.com", "2001:db8:1:2::1")).allowed).toBe(false);
    expect((await throttle.check("user3@x.com", "2001:db8:1:3::1")).allowed).toBe(true);
  });
});
