import { describe, expect, it } from "vitest";
import { OUTBOX_DEFAULTS } from "./outbox-worker.server";
import { backoffDelay } from "./retry.server";

describe("backoffDelay", () => {
  const middle = () => 0.5;

  it("doubles after each failed try, from the base delay", () => {
    expect([1, 2, 3, 4].map((attempts) => backoffDelay(attempts, 30_000, 3_600_000, middle))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
  });

  it("never waits longer than the cap (about an hour by default)", () => {
    expect(backoffDelay(40, OUTBOX_DEFAULTS.baseDelayMs, OUTBOX_DEFAULTS.maxDelayMs, () => 1)).toBe(3_600_000);
    expect(backoffDelay(8, 30_000, 3_600_000, middle)).toBe(3_600_000);
  });

  it("spreads retries by ±10 %", () => {
    expect(backoffDelay(1, 1_000, 10_000, () => 0)).toBe(900);
    expect(backoffDelay(1, 1_000, 10_000, () => 1)).toBe(1_100);
  });
});
