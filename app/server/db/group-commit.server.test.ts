import { describe, expect, it } from "vitest";
import { GroupCommit } from "./group-commit.server";

/** A commit function that records each batch and can be made to refuse items. */
function recorder(refuse: (item: number) => boolean = () => false) {
  const batches: number[][] = [];
  let release: (() => void) | undefined;
  let hold: Promise<void> | undefined;
  const commit = async (items: number[]) => {
    batches.push(items);
    if (hold) await hold;
    if (items.some(refuse)) throw new Error(`refused ${items.filter(refuse).join(",")}`);
    return items.map((item) => item * 10);
  };
  return {
    batches,
    commit,
    holdNext() {
      hold = new Promise<void>((resolve) => (release = resolve));
    },
    release() {
      hold = undefined;
      release?.();
    },
  };
}

describe("GroupCommit", () => {
  it("stores writes that arrive together in one commit, and answers each with its own result", async () => {
    const db = recorder();
    const writes = new GroupCommit(db.commit);
    const results = await Promise.all([1, 2, 3].map((item) => writes.submit(item)));
    expect(results).toEqual([10, 20, 30]);
    expect(db.batches).toEqual([[1, 2, 3]]);
    expect(writes.pending).toBe(0);
  });

  it("queues writes that arrive during a commit for the next one, and answers none before its own commit", async () => {
    const db = recorder();
    const writes = new GroupCommit(db.commit);
    db.holdNext();
    const first = writes.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(db.batches).toEqual([[1]]);
    let laterAnswered = false;
    const later = Promise.all([writes.submit(2), writes.submit(3)]).then((results) => {
      laterAnswered = true;
      return results;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(laterAnswered).toBe(false);
    expect(writes.pending).toBe(3);
    db.release();
    expect(await first).toBe(10);
    expect(await later).toEqual([20, 30]);
    expect(db.batches).toEqual([[1], [2, 3]]);
  });

  it("caps a batch at maxBatch", async () => {
    const db = recorder();
    const writes = new GroupCommit(db.commit, { maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((item) => writes.submit(item)));
    expect(db.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("when a batch fails, stores each write alone: only the refused one fails", async () => {
    const db = recorder((item) => item === 2);
    const writes = new GroupCommit(db.commit);
    const results = await Promise.allSettled([1, 2, 3].map((item) => writes.submit(item)));
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(results[0]).toMatchObject({ value: 10 });
    expect(results[1]).toMatchObject({ reason: new Error("refused 2") });
    expect(db.batches).toEqual([[1, 2, 3], [1], [2], [3]]);
    // The queue keeps working afterwards.
    expect(await writes.submit(4)).toBe(40);
  });
});
