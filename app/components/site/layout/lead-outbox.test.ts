import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { flushOutbox, OUTBOX_KEY, sendLead } from "./lead-outbox";

/** A Map-backed localStorage, enough for the outbox. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const queued = () => JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? "[]") as { name: string; phone: string }[];

beforeEach(() => {
  vi.stubGlobal("localStorage", memoryStorage());
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("sendLead", () => {
  it("posts JSON to /api/leads and keeps nothing when it is stored", async () => {
    const fetch = vi.fn().mockResolvedValue(json(201, { ok: true }));
    vi.stubGlobal("fetch", fetch);
    expect(await sendLead({ name: "Asha", phone: "98765" })).toEqual({ status: "sent" });
    expect(fetch).toHaveBeenCalledWith("/api/leads", expect.objectContaining({ method: "POST" }));
    expect(JSON.parse(fetch.mock.calls[0]![1].body)).toEqual({ name: "Asha", phone: "98765" });
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it("keeps the lead when the network fails or the server cannot take it now", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    expect(await sendLead({ name: "Asha", phone: "1" })).toEqual({ status: "queued" });
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(json(503, {})));
    expect(await sendLead({ name: "Ravi", phone: "2" })).toEqual({ status: "queued" });
    expect(queued().map((lead) => lead.phone)).toEqual(["1", "2"]);
  });

  it("reports a 400 with its field messages and does not keep the lead", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(json(400, { error: "Please check phone", fields: { phone: "x" } })));
    expect(await sendLead({ name: "Asha", phone: "" })).toEqual({
      status: "invalid",
      error: "Please check phone",
      fields: { phone: "x" },
    });
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });
});

describe("flushOutbox", () => {
  it("sends the kept leads and keeps only those that still fail", async () => {
    const now = Date.now();
    localStorage.setItem(
      OUTBOX_KEY,
      JSON.stringify([
        { name: "A", phone: "1", queuedAt: now },
        { name: "B", phone: "2", queuedAt: now },
        { name: "C", phone: "3", queuedAt: now },
        { name: "Old", phone: "4", queuedAt: now - 31 * 24 * 60 * 60 * 1000 },
      ]),
    );
    const fetch = vi.fn().mockResolvedValueOnce(json(201, {})).mockRejectedValueOnce(new TypeError("offline")).mockResolvedValueOnce(json(400, {}));
    vi.stubGlobal("fetch", fetch);
    await flushOutbox();
    // The month-old lead is dropped unsent; a 400 will never succeed, so it is dropped too.
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(JSON.parse(fetch.mock.calls[0]![1].body)).toEqual({ name: "A", phone: "1" });
    expect(queued().map((lead) => lead.name)).toEqual(["B"]);
  });

  it("does nothing when the outbox is empty", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    await flushOutbox();
    expect(fetch).not.toHaveBeenCalled();
  });
});
