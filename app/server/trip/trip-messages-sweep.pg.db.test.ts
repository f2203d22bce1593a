// The trip messages' sweep (issue 48, ADR 117) on two connections at once: on PostgreSQL only (*.pg.db.test.ts, ADR 084).
// What each engine proves: trip-messages.db.test.ts runs two sweeps at once on PGlite, which has one connection and runs
// one statement at a time, so there the two can only interleave between statements. Here each sweep has a connection
// of its own, and the first is held inside its transaction until the second is seen waiting on its rows: both have
// read "not queued yet" and both insert, so only the unique once key (jobs.once_key, ON CONFLICT DO NOTHING) can keep
// each message to one job. No assertion depends on which sweep wins or when: only on how many jobs there are.
import { eq, inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newBookingSchema } from "~/lib/booking-schema";
import type { GroupDate } from "~/lib/content-types";
import type { Viewer } from "~/server/auth/guard.server";
import { createBooking } from "~/server/booking/booking-create.server";
import type { Db } from "~/server/db/db.server";
import * as schema from "~/server/db/schema.server";
import { jobs } from "~/server/db/schema.server";
import { bookablePackages } from "../../../tests/support/booking-fixtures";
import { insertStaff } from "../../../tests/support/enquiry-fixtures";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { queueTripMessages, TRIP_MESSAGE_JOB } from "./trip-messages.server";

const url = process.env.TEST_DATABASE_URL;
const BOOKED = new Date("2027-01-10T06:00:00Z");
// Departing 15 March 2027: details missing from 22 February, the pack from 8 March (Indian days).
const DATES: GroupDate[] = [{ id: "dMar", name: "March Batch", start: "2027-03-15", end: "2027-03-17", capacity: 40 }];
/** 00:00 Indian time on `day`. */
const midnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 5.5 * 3_600_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// PGlite has one connection: nothing here can run there (the PGlite half is trip-messages.db.test.ts).
describe.skipIf(!url)("two servers sweeping the trip messages at once, each on its own connection", () => {
  let db: Db;
  const pools: pg.Pool[] = [];
  let references: string[] = [];

  /** Another server's database: a pool of one connection, kept open (so its backend's pid stays the same). */
  async function connection() {
    const pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 0 });
    pools.push(pool);
    const [{ pid }] = (await pool.query<{ pid: number }>("select pg_backend_pid() as pid")).rows as [{ pid: number }];
    return { db: drizzle(pool, { schema }) as unknown as Db, pool, pid };
  }

  const tripJobs = async () => (await db.select({ key: jobs.onceKey }).from(jobs).where(eq(jobs.type, TRIP_MESSAGE_JOB.name))).map((row) => row.key!).sort();
  const keysFor = (kind: string) => references.map((reference) => `trip.message:${reference}:${kind}:2027-03-15`).sort();

  beforeAll(async () => {
    db = await openTestDatabase({ seeded: true });
    const staff = await insertStaff(db, "Ada Admin", "admin");
    const admin: Viewer = { id: staff.id, email: staff.email, name: staff.name, role: "admin" };
    const [packageId] = (await bookablePackages(db, DATES)) as [number];
    for (const name of ["Asha Rao", "Bina Shah", "Chetan Iyer", "Divya Menon"]) {
      const input = newBookingSchema.parse({
        packageId,
        departureId: "dMar",
        room: "twin",
        adults: "2",
        state: "confirmed",
        leadName: name,
        leadPhone: "+91 98450 12345",
        leadEmail: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
      });
      const made = await createBooking(input, { actor: admin, now: BOOKED });
      if (!made.ok) throw new Error(made.message);
      references.push(made.booking.reference);
    }
    references = references.sort();
  });
  afterAll(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
    await closeTestDatabase();
  });

  it("queue each message once when both read 'not queued' before either commits", async () => {
    const [a, b] = await Promise.all([connection(), connection()]);
    const now = midnight("2027-02-22");
    // The first server's sweep inside a transaction left open (its pool's one connection: every statement is in it).
    await a.pool.query("begin");
    const first = await queueTripMessages(now, a.db);
    // The other server sweeps now: it cannot see those uncommitted jobs, so it inserts the same keys and waits on them.
    const second = queueTripMessages(now, b.db);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await db.execute<{ wait_event_type: string | null }>(sql`select wait_event_type from pg_stat_activity where pid = ${b.pid}`);
      if (rows[0]?.wait_event_type === "Lock") break;
      if (Date.now() > deadline) throw new Error("the second sweep never waited on the first's rows");
      await sleep(20);
    }
    await a.pool.query("commit");
    expect(first).toBe(references.length);
    expect(await second).toBe(0);
    expect(await tripJobs()).toEqual(keysFor("details-missing"));
  });

  it("queue each message once when they run side by side, however they interleave", async () => {
    const [a, b] = await Promise.all([connection(), connection()]);
    const now = midnight("2027-03-08");
    const counts = await Promise.all([queueTripMessages(now, a.db), queueTripMessages(now, b.db)]);
    expect(counts[0] + counts[1]).toBe(references.length);
    const rows = await db
      .select({ key: jobs.onceKey })
      .from(jobs)
      .where(inArray(jobs.onceKey, keysFor("pre-departure")));
    expect(rows.map((row) => row.key).sort()).toEqual(keysFor("pre-departure"));
    expect(await tripJobs()).toEqual([...keysFor("details-missing"), ...keysFor("pre-departure")].sort());
  });
});
