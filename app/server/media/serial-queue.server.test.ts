import { describe, expect, it } from "vitest";
import { SerialQueue } from "./serial-queue.server";

describe("SerialQueue", () => {
  it("runs one job at a time, in order, and goes on after a failure", async () => {
    const queue = new SerialQueue();
    const events: string[] = [];
    let running = 0;
    let most = 0;
    const job =
      (name: string, fail = false) =>
      async () => {
        running += 1;
        most = Math.max(most, running);
        events.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        events.push(`end ${name}`);
        running -= 1;
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([queue.run(job("a")), queue.run(job("b", true)), queue.run(job("c"))]);
    expect(most).toBe(1);
    expect(events).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(queue.size).toBe(0);
  });
});
