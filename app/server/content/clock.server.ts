/** The time as the scheduled-publishing worker sees it: injected, so tests need not wait. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** The real time moved on by an offset: the e2e server's clock (set through /__e2e in test runs only). */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
}
