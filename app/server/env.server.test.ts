import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "./env.server";

describe("TRUST_PROXY", () => {
  it("is off unless set", () => {
    for (const value of [undefined, "", "off", "false", "0"]) expect(parseTrustProxy(value)).toBe(false);
  });

  it("takes a hop count, or a list of addresses and CIDR ranges", () => {
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("10.0.0.0/8, 127.0.0.1,fd00::/8")).toEqual(["10.0.0.0/8", "127.0.0.1", "fd00::/8"]);
    expect(parseTrustProxy("loopback")).toEqual(["loopback"]);
  });

  it("refuses anything else, including `true` (anyone could name their own address)", () => {
    for (const value of ["true", "yes", "10.0.0.0/33", "10.0.0/8", "proxy.example.com"]) {
      expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY/);
    }
  });
});
