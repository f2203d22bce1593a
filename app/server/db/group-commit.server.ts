/**
 * Group commit (ADR 020): writes that arrive while another is committing are
 * stored together, in one transaction of many rows, instead of one
 * transaction each. Every caller still waits for the commit that holds its
 * own row, so nothing is acknowledged before it is durable.
 *
 * Self-clocking: a write that arrives when the database is idle waits one
 * turn of the event loop (so requests read in the same turn share a batch);
 * under load, each commit takes everything that queued up during the one
 * before it, up to `maxBatch`.
 */
/** How many callers are answered per turn of the event loop. */
const RESOLVE_SLICE = 8;

export class GroupCommit<Item, Result> {
  private queue: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  private flushing = false;
  private scheduled = false;
  private committing = 0;
  private readonly maxBatch: number;

  constructor(
    /** Stores every item in one transaction; returns one result per item, in order. */
    private readonly commit: (items: Item[]) => Promise<Result[]>,
    options: { maxBatch?: number } = {},
  ) {
    this.maxBatch = options.maxBatch ?? 200;
  }

  /** Resolves once the transaction holding this item has committed; rejects if it could not be stored. */
  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Items waiting for, or in, a commit. */
  get pending(): number {
    return this.queue.length + this.committing;
  }

  private schedule() {
    if (this.flushing || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush() {
    this.flushing = true;
    try {
      while (this.queue.length > 0) await this.commitBatch(this.queue.splice(0, this.maxBatch));
    } finally {
      this.flushing = false;
    }
  }

  private async commitBatch(batch: typeof this.queue): Promise<void> {
    let results: Result[] | undefined;
    let failure: unknown;
    this.committing = batch.length;
    try {
      results = await this.commit(batch.map((entry) => entry.item));
      if (results.length !== batch.length) throw new Error(`group commit: ${results.length} results for ${batch.length} items`);
    } catch (error) {
      failure = error;
    } finally {
      this.committing = 0;
    }
    if (results && failure === undefined) {
      // Each caller's continuation (the rest of its request: a Response, the
      // socket write) runs as a microtask of the resolve. Resolving a whole
      // batch at once would run them all in one turn of the event loop, and
      // a 200-lead batch kept the loop from accepting or reading connections
      // for a second or more: requests on new connections waited for seconds
      // while kept-alive ones were answered (ADR 031). A few at a time, with
      // the loop's I/O between them, keeps the answers in arrival order.
      for (let start = 0; start < batch.length; start += RESOLVE_SLICE) {
        if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
        batch.slice(start, start + RESOLVE_SLICE).forEach((entry, offset) => entry.resolve(results[start + offset]!));
      }
    } else if (batch.length === 1) {
      batch[0]!.reject(failure);
    } else {
      // One item the database refuses must not cost the others their enquiry:
      // the failed transaction stored nothing, so each is tried alone.
      for (const entry of batch) await this.commitBatch([entry]);
    }
  }
}
