import { describe, expect, it } from "vitest";
import { LOGIN_WINDOW_MS, LoginThrottle, throttleMessage } from "./login-throttle.server";

function setup(limits = { maxFailures: 5, maxPerIp: 30 }) {
  let now = 1_000_000;
  const throttle = new LoginThrottle(limits, () => now);
  return { throttle, advance: (ms: number) => (now += ms) };
}

describe("LoginThrottle", () => {
  it("blocks an e-mail from one IP after 5 failures, for the rest of 15 minutes", () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 5; i++) {
      expect(throttle.check("Admin@x.com", "1.1.1.1").allowed).toBe(true);
      throttle.recordFailure("admin@x.com", "1.1.1.1");
      advance(1000);
    }
    const verdict = throttle.check("admin@x.com", "1.1.1.1");
    expect(verdict).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 - 5 });
    advance(LOGIN_WINDOW_MS - 4000);
    expect(throttle.check("admin@x.com", "1.1.1.1").allowed).toBe(true);
  });

  it("does not lock the same e-mail out from another address", () => {
    const { throttle } = setup();
    for (let i = 0; i < 10; i++) throttle.recordFailure("admin@x.com", "6.6.6.6");
    expect(throttle.check("admin@x.com", "6.6.6.6").allowed).toBe(false);
    expect(throttle.check("admin@x.com", "2.2.2.2").allowed).toBe(true);
  });

  it("caps one IP across many e-mails", () => {
    const { throttle } = setup({ maxFailures: 5, maxPerIp: 30 });
    for (let i = 0; i < 30; i++) throttle.recordFailure(`user${i}@x.com`, "6.6.6.6");
    expect(throttle.check("fresh@x.com", "6.6.6.6").allowed).toBe(false);
    expect(throttle.check("fresh@x.com", "7.7.7.7").allowed).toBe(true);
  });

  it("forgets an e-mail's failures after a success from that IP", () => {
    const { throttle } = setup();
    for (let i = 0; i < 4; i++) throttle.recordFailure("a@x.com", "1.1.1.1");
    throttle.recordSuccess("a@x.com", "1.1.1.1");
    throttle.recordFailure("a@x.com", "1.1.1.1");
    expect(throttle.check("a@x.com", "1.1.1.1").allowed).toBe(true);
  });

  it("words the wait in whole minutes", () => {
    expect(throttleMessage(895)).toBe("Too many attempts. Try again in 15 minutes.");
    expect(throttleMessage(30)).toBe("Too many attempts. Try again in 1 minute.");
  });

  it("counts an IPv6 client by its /64: rotating the last 64 bits does not reset the count", () => {
    const { throttle } = setup({ maxFailures: 5, maxPerIp: 30 });
    for (let i = 0; i < 5; i++) throttle.recordFailure("admin@x.com", `2001:db8:1:2::${(i + 1).toString(16)}`);
    expect(throttle.check("admin@x.com", "2001:db8:1:2:ffff:ffff:ffff:fff0").allowed).toBe(false);
    expect(throttle.check("admin@x.com", "2001:0db8:0001:0002::abcd").allowed).toBe(false);
    for (let i = 0; i < 25; i++) throttle.recordFailure(`user${i}@x.com`, `2001:db8:1:2:${i.toString(16)}::1`);
    expect(throttle.check("fresh@x.com", "2001:db8:1:2::99").allowed).toBe(false);
    // Another /64 is another client.
    expect(throttle.check("admin@x.com", "2001:db8:1:3::1").allowed).toBe(true);
    throttle.recordSuccess("admin@x.com", "2001:db8:1:2::77");
    expect(throttle.check("admin@x.com", "2001:db8:1:2::1").allowed).toBe(false); // the per-client cap of 30 stays
  });
});
