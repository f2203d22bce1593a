import type { CountedView } from "~/server/cache/page-cache-hints.server";
import type { GzipTemplate } from "./gzip-template";

export type CachedPage = {
  /** The content version the page was rendered under. */
  version: number;
  storedAt: number;
  status: number;
  /** The page's own headers (never Set-Cookie); helmet's are set per response. */
  headers: [string, string][];
  body: GzipTemplate;
  /** Views its loader counted, counted again on every hit. */
  views: CountedView[];
  bytes: number;
};

/**
 * The pages anonymous visitors get, least recently used first out, bounded by
 * bytes (both encodings of every page counted; one page at most a quarter). Entries of one content version
 * only: a newer version empties it.
 */
export class PageStore {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;
  private version = -1;

  constructor(
    private readonly maxBytes: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.entries.size;
  }

  get totalBytes() {
    return this.bytes;
  }

  /**
   * Forgets every page when the content changed since they were stored. Any
   * other version counts as a change (a database restored from a backup goes back).
   */
  useVersion(version: number) {
    if (version === this.version) return;
    this.entries.clear();
    this.bytes = 0;
    this.version = version;
  }

  get(key: string, version: number): CachedPage | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.version !== version || this.now() - entry.storedAt > this.maxAgeMs) {
      this.delete(key);
      return null;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedPage) {
    // A page rendered under an older version (a write committed meanwhile) is not kept.
    if (entry.version !== this.version || entry.bytes > this.maxBytes / 4) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.bytes;
    }
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/**
 * The content version as of now, read from the database. Concurrent callers
 * share a read, but only one that started after they asked: a read already
 * under way may predate a write they must see.
 */
export function sharedVersionReader(read: () => Promise<number>): () => Promise<number> {
  let running: Promise<number> | null = null;
  let queued: Promise<number> | null = null;
  const start = () => {
    const current = read().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };
  return () => {
    if (!running) return start();
    if (!queued) {
      const after = running.then(
        () => undefined,
        () => undefined,
      );
      queued = after.then(() => {
        queued = null;
        return start();
      });
    }
    return queued;
  };
}
