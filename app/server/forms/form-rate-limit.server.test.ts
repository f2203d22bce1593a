import { describe, expect, it } from "vitest";
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
  it("allows the limit per window, then refuses until the window ends", () => {
    const limiter = new FormRateLimiter(() => 3, 60_000);
    const t0 = 1_000_000;
    expect([1, 2, 3, 4].map((i) => limiter.take("198.51.100.1", t0 + i).allowed)).toEqual([true, true, true, false]);
    expect(limiter.take("198.51.100.1", t0 + 10).retryAfterSeconds).toBe(60);
    // Another client has its own budget; the first one's returns after the window.
    expect(limiter.take("198.51.100.2", t0 + 10).allowed).toBe(true);
    expect(limiter.take("198.51.100.1", t0 + 60_001).allowed).toBe(true);
  });

  it("counts every address of one IPv6 /64 together", () => {
    const limiter = new FormRateLimiter(() => 2);
    expect(limiter.take("2001:db8::1").allowed).toBe(true);
    expect(limiter.take("2001:db8::2").allowed).toBe(true);
    expect(limiter.take("2001:db8::3").allowed).toBe(false);
  });
});
