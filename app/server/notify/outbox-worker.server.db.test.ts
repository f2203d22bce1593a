import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/db.server";
import { notificationOutbox } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "~/server/db/test-db.server";
import type { Mailer } from "./mailer.server";
import { OutboxWorker } from "./outbox-worker.server";
import { enqueueTeamEmail } from "./outbox.server";

let db: Db;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(closeTestDatabase);

/** Records which worker sent which row; each send takes a few milliseconds, like a fast relay. */
function recordingMailer(name: string, sent: Array<{ worker: string; outboxId: number }>): Mailer {
  return {
    kind: "smtp",
    async send(_email, ref) {
      await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * 4));
      sent.push({ worker: name, outboxId: ref.id });
      return {};
    },
    close() {},
  };
}

async function enqueue(count: number, firstSubjectId: number) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(await enqueueTeamEmail(db, { type: "lead", id: firstSubjectId + i }, { to: "team@example.com", subject: `Lead ${i}`, text: "…" }));
  }
  return ids;
}

describe("two outbox workers sharing the database", () => {
  it("never claim the same row", async () => {
    const ids = await enqueue(40, 1_000);
    const a = new OutboxWorker({ mailer: recordingMailer("a", []), batchSize: 3 });
    const b = new OutboxWorker({ mailer: recordingMailer("b", []), batchSize: 3 });
    const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).claim()));
    const claimed = claims.flat().map((row) => row.id);
    expect(claimed).toHaveLength(30);
    expect(new Set(claimed).size).toBe(30);
    expect(claimed.every((id) => ids.includes(id))).toBe(true);
    // Release them for the next test, as if their leases had ended.
    await db.update(notificationOutbox).set({ lockedUntil: null, lockedBy: null });
  });

  it("deliver every row exactly once when draining side by side", async () => {
    await enqueue(60, 2_000);
    const pending = (await db.select({ id: notificationOutbox.id }).from(notificationOutbox)).map((row) => row.id);
    const sent: Array<{ worker: string; outboxId: number }> = [];
    const a = new OutboxWorker({ mailer: recordingMailer("a", sent), batchSize: 4 });
    const b = new OutboxWorker({ mailer: recordingMailer("b", sent), batchSize: 4 });
    const drain = async (worker: OutboxWorker) => {
      while ((await worker.runOnce()) > 0);
    };
    await Promise.all([drain(a), drain(b)]);

    const sentIds = sent.map((entry) => entry.outboxId).sort((x, y) => x - y);
    expect(sentIds).toEqual([...pending].sort((x, y) => x - y));
    expect(new Set(sent.filter((entry) => entry.worker === "a").map((entry) => entry.outboxId)).size).toBeGreaterThan(0);
    expect(new Set(sent.filter((entry) => entry.worker === "b").map((entry) => entry.outboxId)).size).toBeGreaterThan(0);
    const rows = await db.select().from(notificationOutbox);
    expect(rows.every((row) => row.status === "sent" && row.lockedBy === null)).toBe(true);
  });
});

describe("an outbox worker on a busy server", () => {
  it("waits up to yieldMs before each row while requests are in flight, but still sends everything", async () => {
    await db.delete(notificationOutbox);
    await enqueue(3, 3_000);
    const sentAt: number[] = [];
    const mailer: Mailer = {
      kind: "smtp",
      async send() {
        sentAt.push(performance.now());
        return {};
      },
      close() {},
    };
    const worker = new OutboxWorker({ mailer, busy: () => true, yieldMs: 150, pollMs: 60_000 });
    const started = performance.now();
    await worker.start();
    await worker.idle();
    await worker.stop();
    expect(sentAt).toHaveLength(3);
    // Three rows, each after its own wait (the drain's last, empty claim waits too).
    expect(sentAt[0]! - started).toBeGreaterThanOrEqual(140);
    expect(sentAt[2]! - started).toBeGreaterThanOrEqual(3 * 140);
    const rows = await db.select().from(notificationOutbox);
    expect(rows.every((row) => row.status === "sent")).toBe(true);
  });

  it("does not wait when the server is idle", async () => {
    await db.delete(notificationOutbox);
    await enqueue(3, 4_000);
    let busyAsked = 0;
    const worker = new OutboxWorker({
      mailer: recordingMailer("idle", []),
      busy: () => (busyAsked++, false),
      yieldMs: 60_000,
      pollMs: 60_000,
    });
    await worker.start();
    await worker.idle();
    await worker.stop();
    expect(busyAsked).toBeGreaterThanOrEqual(3);
    expect((await db.select().from(notificationOutbox)).every((row) => row.status === "sent")).toBe(true);
  });
});
