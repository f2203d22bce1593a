import { afterEach, describe, expect, it, vi } from "vitest";
import { keepFormOnFailure, SAVE_TIMEOUT_MS } from "./save-failure";

afterEach(() => {
  vi.useRealTimers();
});

describe("keepFormOnFailure: a save that fails keeps the form and says why", () => {
  it("a save the server never answers fails visibly after about 20 s, with the Retry message (issue 49)", async () => {
    vi.useFakeTimers();
    let settled: unknown;
    const saving = keepFormOnFailure(() => new Promise(() => {})).then((value) => (settled = value));
    await vi.advanceTimersByTimeAsync(SAVE_TIMEOUT_MS - 100);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100);
    await saving;
    expect(settled).toEqual({ saveFailure: { reason: "timeout", message: expect.stringContaining("did not answer within 20 seconds") } });
    expect(SAVE_TIMEOUT_MS).toBe(20_000);
  });

  it("an answer in time passes through; a server error and a dropped connection say so", async () => {
    expect(await keepFormOnFailure(async () => ({ ok: true }))).toEqual({ ok: true });
    expect(await keepFormOnFailure(() => Promise.reject(new Error("boom")))).toMatchObject({ saveFailure: { reason: "server" } });
    expect(await keepFormOnFailure(() => Promise.reject(new TypeError("Failed to fetch")))).toMatchObject({ saveFailure: { reason: "network" } });
  });
});
