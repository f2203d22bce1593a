import fs from "node:fs";
import path from "node:path";

/**
 * The outbox rows this server's relay (or webhook) accepted but the database
 * may not yet record as sent (ADR 020). SMTP has no idempotent send, so the
 * only window in which a crash repeats a message is between the relay's 250
 * and our durable record of it. Writing that record to a local file, at once
 * and synchronously, makes the window a write() instead of a database round
 * trip that queues behind request traffic.
 *
 * One id per line. Appended (and fdatasync'ed, for power loss) as soon as a
 * send is accepted; truncated once every row it names is marked sent in the
 * database. A worker starting on the same file marks the rows it names sent
 * before it claims anything. A line cut short by power loss is ignored: that
 * send was not yet recorded, and it is sent again, as before.
 */
export class SentJournal {
  readonly file: string;
  private fd: number | undefined;
  /** Journaled here (or found at start) and not yet marked sent in the database. */
  private readonly unmarked = new Set<number>();
  /** Sends under way: each may append an entry (here or in the SMTP thread), so the file is not emptied meanwhile. */
  private inFlight = 0;

  constructor(file: string) {
    this.file = path.resolve(file);
  }

  /** Reads what an earlier process left: ids accepted but perhaps not marked. Call once, before claiming. */
  load(): number[] {
    let text = "";
    try {
      text = fs.readFileSync(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    for (const line of text.split("\n")) if (/^\d+$/.test(line)) this.unmarked.add(Number(line));
    return [...this.unmarked];
  }

  /** Whether a row was accepted by the relay but is not yet marked sent: it must not be sent again. */
  has(id: number): boolean {
    return this.unmarked.has(id);
  }

  /**
   * Records, durably, that the relay accepted this row. Synchronous on purpose:
   * nothing runs before it. Returns when the write was done (epoch ms; from
   * then a kill -9 cannot lose it) and how long the flush to disk took.
   */
  record(id: number): { writtenAt: number; syncMs: number } {
    if (this.fd === undefined) {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      this.fd = fs.openSync(this.file, "a");
    }
    fs.writeSync(this.fd, `${id}\n`);
    this.unmarked.add(id);
    const writtenAt = performance.timeOrigin + performance.now();
    fs.fdatasyncSync(this.fd);
    return { writtenAt, syncMs: performance.timeOrigin + performance.now() - writtenAt };
  }

  /** The SMTP thread already appended this id to the file. */
  recorded(id: number): void {
    this.unmarked.add(id);
  }

  /** A send starts (+1) or has its answer (-1). */
  sending(change: 1 | -1): void {
    this.inFlight += change;
  }

  /** The database now records these rows as sent; once none is left unmarked, the file is emptied. */
  marked(ids: number[]): void {
    for (const id of ids) this.unmarked.delete(id);
    if (this.unmarked.size > 0 || this.inFlight > 0) return;
    if (this.fd !== undefined) fs.ftruncateSync(this.fd, 0);
    else if (fs.existsSync(this.file)) fs.truncateSync(this.file, 0);
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }
}
