/**
 * Runs jobs one at a time, in the order they came. Image processing goes
 * through one of these so a burst of uploads decodes one photo at a time and
 * memory stays bounded (ADR 024).
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  /** Jobs queued or running. */
  get size(): number {
    return this.waiting;
  }

  run<T>(job: () => Promise<T>): Promise<T> {
    this.waiting += 1;
    const result = this.tail.then(job).finally(() => {
      this.waiting -= 1;
    });
    // The next job waits for this one to settle, whatever its outcome.
    this.tail = result.catch(() => undefined);
    return result;
  }
}

export const imageQueue = new SerialQueue();
