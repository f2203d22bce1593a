import crypto from "node:crypto";
import express from "express";
import { sql } from "drizzle-orm";
import { getAuth } from "~/server/auth/auth.server";
import { bumpContentVersion, noteContentWritten } from "~/server/cache/content-version.server";
import { getDb } from "~/server/db/db.server";
import type { AdjustableClock } from "~/server/content/clock.server";
import type { ScheduledPublisher } from "~/server/content/schedule.server";
import type { DigestScheduler } from "~/server/enquiry/digest.server";
import type { BookingSweeper } from "~/server/booking/booking-sweep.server";
import { nudgeJobs } from "~/server/jobs/jobs.server";
import { sendMailThroughSmtpForTests } from "~/server/notify/mailer.server";

export type E2eFixtureOptions = {
  token: string;
  scheduling?: { clock: AdjustableClock; publisher: ScheduledPublisher; digest?: DigestScheduler; bookingSweeper?: BookingSweeper };
};

/**
 * Test runs only: Playwright fixtures insert and remove rows in the server's
 * database through this route, because the embedded database admits one process.
 * Mounted only when E2E_FIXTURE_TOKEN is set, and every call must carry it.
 */
export function e2eFixtureRouter(token: string, scheduling?: E2eFixtureOptions["scheduling"]) {
  const router = express.Router();
  // The scheduled-publishing worker's clock (ADR 037): moved on, then the worker runs at once.
  router.post("/clock", express.json(), async (req, res) => {
    if (!tokenMatches(req, token)) return void res.status(403).json({ error: "Forbidden" });
    if (!scheduling) return void res.status(404).json({ error: "No test clock" });
    const advanceMs = Number((req.body as { advanceMs?: unknown }).advanceMs ?? 0);
    if (!Number.isFinite(advanceMs) || advanceMs < 0) return void res.status(400).json({ error: "Expected { advanceMs >= 0 }" });
    scheduling.clock.advance(advanceMs);
    const published = await scheduling.publisher.runDue();
    // The daily digest (ADR 045) is due by the same clock.
    const digests = (await scheduling.digest?.runDue()) ?? 0;
    // Bookings' holds expire by it too (ADR 088).
    const bookings = (await scheduling.bookingSweeper?.runDue()) ?? null;
    // Jobs queued for later are due by it too (ADR 082): the worker looks now.
    nudgeJobs();
    res.json({ now: scheduling.clock.now().toISOString(), published, digests, bookings });
  });
  // E-mail over SMTP to a test's own in-process server (tests/support/test-smtp.ts), or with null back to the outbox files.
  router.post("/smtp", express.json(), (req, res) => {
    if (!tokenMatches(req, token)) return void res.status(403).json({ error: "Forbidden" });
    const url = (req.body as { url?: unknown }).url;
    if (url !== null && (typeof url !== "string" || !/^smtp:\/\/127\.0\.0\.1:\d{2,5}$/.test(url))) {
      return void res.status(400).json({ error: "Expected { url: smtp://127.0.0.1:<port> | null }" });
    }
    sendMailThroughSmtpForTests(url);
    res.json({ url });
  });
  router.post("/sql", express.json({ limit: "1mb" }), async (req, res) => {
    const given = Buffer.from(String(req.get("x-e2e-token") ?? ""));
    const expected = Buffer.from(token);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      res.status(403).json({ error: "Forbidden" });
      return;
    }
    const { text, params } = req.body as { text?: unknown; params?: unknown };
    if (typeof text !== "string" || (params !== undefined && !Array.isArray(params))) {
      res.status(400).json({ error: "Expected { text, params }" });
      return;
    }
    const values = (params ?? []) as unknown[];
    // Build a parameterised query: $1, $2 ... become bound values.
    const chunks = text.split(/\$(\d+)/);
    const query = sql.empty();
    chunks.forEach((chunk, index) => {
      if (index % 2 === 0) query.append(sql.raw(chunk));
      else query.append(sql`${values[Number(chunk) - 1]}`);
    });
    try {
      const result = await getDb().execute(query);
      // Fixtures change content behind writeContent's back: cached pages must go (ADR 003).
      // A plain read changes nothing (and must not empty the cache a test is looking at).
      if (!/^\s*select\b/i.test(text)) {
        await bumpContentVersion(getDb());
        noteContentWritten();
      }
      res.json({ rows: result.rows });
    } catch (error) {
      res.status(400).json({ error: (error as Error).message });
    }
  });
  // Staff accounts for tests, created and removed through better-auth's server API.
  router.post("/users", express.json(), async (req, res) => {
    if (!tokenMatches(req, token)) return void res.status(403).json({ error: "Forbidden" });
    const { email, password, name, role } = req.body as Record<string, string | undefined>;
    if (!email || !password || (role !== "admin" && role !== "editor")) {
      return void res.status(400).json({ error: "Expected { email, password, name?, role: admin | editor }" });
    }
    try {
      const { user } = await getAuth().api.createUser({ body: { email, password, name: name ?? email, role } });
      res.json({ id: user.id, email: user.email });
    } catch (error) {
      res.status(400).json({ error: (error as Error).message });
    }
  });
  router.delete("/users/:email", async (req, res) => {
    if (!tokenMatches(req, token)) return void res.status(403).json({ error: "Forbidden" });
    // Sessions and accounts go with the user (on delete cascade).
    await getDb().execute(sql`delete from "user" where email = ${req.params.email!.toLowerCase()}`);
    res.json({ ok: true });
  });
  return router;
}

function tokenMatches(req: express.Request, token: string): boolean {
  const given = Buffer.from(String(req.get("x-e2e-token") ?? ""));
  const expected = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
