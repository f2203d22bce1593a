import { describe, expect, it } from "vitest";
import { createGzipTemplate } from "./gzip-template";
import { PageStore, sharedVersionReader, type CachedPage } from "./page-store";

const page = (version: number, bytes: number, storedAt = 0): CachedPage => ({
  version,
  storedAt,
  status: 200,
  headers: [],
  body: createGzipTemplate(Buffer.from("x"), null),
  views: [],
  bytes,
});

describe("PageStore", () => {
  it("drops the least recently used pages beyond its byte bound", () => {
    const store = new PageStore(400, 60_000, () => 0);
    store.useVersion(1);
    store.set("/a", page(1, 100));
    store.set("/b", page(1, 100));
    store.set("/c", page(1, 100));
    store.set("/d", page(1, 100));
    expect(store.get("/a", 1)).not.toBeNull(); // /a is now the most recent
    store.set("/e", page(1, 30));
    expect(store.get("/b", 1)).toBeNull();
    expect(store.get("/a", 1)).not.toBeNull();
    expect(store.totalBytes).toBe(330);
    store.set("/huge", page(1, 101)); // over a quarter of the bound: not kept
    expect(store.get("/huge", 1)).toBeNull();
  });

  it("forgets every page when the content version moves on, and never keeps a page of an older one", () => {
    const store = new PageStore(10_000, 60_000, () => 0);
    store.useVersion(1);
    store.set("/", page(1, 10));
    store.useVersion(2);
    expect(store.get("/", 2)).toBeNull();
    expect(store.size).toBe(0);
    store.set("/", page(1, 10)); // rendered before the write, finished after it
    expect(store.get("/", 2)).toBeNull();
    expect(store.size).toBe(0);
    store.useVersion(1); // the database went back (restored): still a change
    store.set("/", page(1, 10));
    expect(store.get("/", 1)).not.toBeNull();
  });

  it("serves a page no longer than its maximum age (dates and view counts on pages move on)", () => {
    let now = 0;
    const store = new PageStore(10_000, 1000, () => now);
    store.useVersion(1);
    store.set("/", page(1, 10, 0));
    now = 1000;
    expect(store.get("/", 1)).not.toBeNull();
    now = 1001;
    expect(store.get("/", 1)).toBeNull();
  });
});

describe("sharedVersionReader", () => {
  it("shares reads among waiting callers but never hands a caller a read that started before it asked", async () => {
    const started: number[] = [];
    const release: (() => void)[] = [];
    let version = 0;
    const read = () =>
      new Promise<number>((resolve) => {
        const seen = version;
        started.push(seen);
        release.push(() => resolve(seen));
      });
    const next = sharedVersionReader(read);
    const first = next(); // read 1 starts with version 0
    version = 1; // a write commits while read 1 is under way
    const second = next();
    const third = next();
    release.shift()!();
    expect(await first).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    release.shift()!();
    expect(await second).toBe(1);
    expect(await third).toBe(1);
    expect(started).toEqual([0, 1]);
  });
});
