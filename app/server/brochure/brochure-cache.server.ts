/** A rendered brochure: the whole file and what its answer says about it. */
export type RenderedBrochure = { pdf: Buffer; fileName: string; title: string; slug: string };

type Entry = { id: string; made: Promise<RenderedBrochure>; bytes: number; settled: RenderedBrochure | null };

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

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /**
   * The brochure of `packageId` as of `id` (content version and day): kept,
   * being made, or made now by `render`. `from` says which, for the answer's header.
   */
  async get(
    packageId: number,
    id: string,
    render: () => Promise<RenderedBrochure>,
  ): Promise<{ brochure: RenderedBrochure; from: "hit" | "render" | "shared" }> {
    const found = this.entries.get(packageId);
    if (found && found.id === id) {
      this.entries.delete(packageId);
      this.entries.set(packageId, found);
      this.counts.hits += 1;
      const from = found.settled ? "hit" : "shared";
      return { brochure: await found.made, from };
    }
    if (found) this.remove(packageId);
    this.counts.renders += 1;
    const entry: Entry = { id, made: render(), bytes: 0, settled: null };
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
    return { brochure: await entry.made, from: "render" };
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
