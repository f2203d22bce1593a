/** A rendered brochure: the whole file and what its answer says about it. */
export type RenderedBrochure = { pdf: Buffer; fileName: string; title: string; slug: string };

/** `previous`: the brochure this package had before, answered while `made` takes long (issue 44 finding 10). */
type Entry = {
  id: string;
  made: Promise<RenderedBrochure>;
  bytes: number;
  settled: RenderedBrochure | null;
  previous: { id: string; brochure: RenderedBrochure } | null;
};
type CacheAnswer = { brochure: RenderedBrochure; from: BrochureSource; id: string };

/** How the answer came about: kept, rendered now, shared with a render under way, or the previous version while a slow render goes on. */
export type BrochureSource = "hit" | "render" | "shared" | "previous";

/** A render that takes longer than this is not waited for when the package's previous brochure is at hand. */
const PREVIOUS_AFTER_MS = 2500;

/**
 * Rendered brochures of published packages, one per package, kept for the
 * content version and day they were made for (ADR 042). A request names the
 * version it read (the row, per request, on PostgreSQL), so a write on any
 * server makes the next request render again. Concurrent first requests share
 * one render; a failed render is not kept. Bounded in bytes: the least
 * recently used brochure goes first.
 */
export class BrochureCache {
  private readonly entries = new Map<number, Entry>();
  /** The package a slug named when its brochure was kept: the fast path finds it without the database. */
  private readonly slugs = new Map<string, number>();
  private bytes = 0;
  /** Renders started and answers served from memory, for the bench and tests (X-Brochure-Cache). */
  readonly counts = { renders: 0, hits: 0 };

  constructor(
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly previousAfterMs = PREVIOUS_AFTER_MS,
  ) {}

  /**
   * The brochure of `packageId` as of `id` (content version and day): kept,
   * being made, or made now by `render`. `from` says which, for the answer's
   * header; `id` is the version the brochure answered was made for: a render
   * that takes longer than `previousAfterMs` is not waited for when the
   * package's previous brochure is kept, which is answered meanwhile.
   */
  async get(packageId: number, id: string, render: () => Promise<RenderedBrochure>): Promise<CacheAnswer> {
    const found = this.entries.get(packageId);
    if (found && found.id === id) {
      this.entries.delete(packageId);
      this.entries.set(packageId, found);
      this.counts.hits += 1;
      if (found.settled) return { brochure: found.settled, from: "hit", id };
      return this.awaitOrPrevious(found, "shared");
    }
    const previous = found?.settled ? { id: found.id, brochure: found.settled } : (found?.previous ?? null);
    if (found) this.remove(packageId);
    this.counts.renders += 1;
    const entry: Entry = { id, made: render(), bytes: 0, settled: null, previous };
    this.entries.set(packageId, entry);
    entry.made.then(
      (brochure) => {
        entry.settled = brochure;
        if (this.entries.get(packageId) !== entry) return;
        this.slugs.set(brochure.slug, packageId);
        entry.bytes = brochure.pdf.length;
        this.bytes += entry.bytes;
        this.evict();
      },
      () => {
        if (this.entries.get(packageId) === entry) this.entries.delete(packageId);
      },
    );
    return this.awaitOrPrevious(entry, "render");
  }

  /** The entry's brochure when made; its package's previous one if that takes longer than `previousAfterMs`. */
  private async awaitOrPrevious(entry: Entry, from: "render" | "shared"): Promise<CacheAnswer> {
    const made = entry.made.then((brochure): CacheAnswer => ({ brochure, from, id: entry.id }));
    const { previous } = entry;
    if (!previous) return made;
    let timer: NodeJS.Timeout | undefined;
    const meanwhile = new Promise<CacheAnswer>((resolve) => {
      timer = setTimeout(() => resolve({ brochure: previous.brochure, from: "previous", id: previous.id }), this.previousAfterMs);
    });
    // A failed render still fails the request that started it (and is logged once); the previous brochure covers only a slow one.
    return Promise.race([made, meanwhile]).finally(() => clearTimeout(timer));
  }

  /**
   * A kept brochure by its package's slug, made for `id`: what the server
   * answers before routing (no package read). Null unless rendered and current.
   */
  peek(slug: string, id: string): RenderedBrochure | null {
    const packageId = this.slugs.get(slug);
    const entry = packageId === undefined ? undefined : this.entries.get(packageId);
    if (!entry || entry.id !== id || entry.settled?.slug !== slug) return null;
    this.counts.hits += 1;
    return entry.settled;
  }

  /** Drops every kept brochure (a test's write, or memory pressure). */
  clear() {
    this.slugs.clear();
    this.entries.clear();
    this.bytes = 0;
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private remove(packageId: number) {
    const entry = this.entries.get(packageId);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(packageId);
  }

  private evict() {
    for (const [packageId, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      if (entry.settled) this.remove(packageId);
    }
  }
}
