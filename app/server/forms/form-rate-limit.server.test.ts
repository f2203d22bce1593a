import { afterEach, describe, expect, it, vi } from "vitest";
import { createLimiter } from "~/server/limits/limits.server";
import { clientKey, FormRateLimiter } from "./form-rate-limit.server";

describe("clientKey", () => {
  it("keeps IPv4 addresses, and unwraps IPv4-mapped IPv6", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("groups IPv6 addresses by their /64, however they are written", () => {
    const key = "2001:db8:1:2::/64";
    expect(clientKey("2001:db8:1:2::1")).toBe(key);
    expect(clientKey("2001:0db8:0001:0002:ffff:eeee:dddd:cccc")).toBe(key);
    expect(clientKey("2001:DB8:1:2:0:0:0:abcd")).toBe(key);
    expect(clientKey("2001:db8:1:3::1")).not.toBe(key);
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("2001:db8::")).toBe("2001:db8:0:0::/64");
  });
});

describe("FormRateLimiter", () => {
  afterEach(() => vi.useRealTimers());

  it("allows the limit per window, then refuses until the window ends", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new FormRateLimiter(createLimiter({ keyPrefix: "test", points: 3, duration: 60 }, { kind: "memory" }));
    const allowed: boolean[] = [];
    for (let i = 0; i < 4; i++) allowed.push((await limiter.take("198.51.100.1")).allowed);
    expect(allowed).toEqual([true, true, true, false]);
    vi.advanceTimersByTime(10);
    expect((await limiter.take("198.51.100.1")).retryAfterSeconds).toBe(60);
    // Another client has its own budget; the first one's returns after the window.
    expect((await limiter.take("198.51.100.2")).allowed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect((await limiter.take("198.51.100.1")).allowed).toBe(true);
  });

  it("counts every address of one IPv6 /64 together", async () => {
    const limiter = new FormRateLimiter(createLimiter({ keyPrefix: "test", points: 2, duration: 600 }, { kind: "memory" }));
    expect((await limiter.take("2001:db8::1")).allowed).toBe(true);
    expect((await limiter.take("2001:db8::2")).allowed).toBe(true);
    expect((await limiter.take("2001:db8::3")).allowed).toBe(false);
  });
});
