import crypto from "node:crypto";
import express from "express";
import { sql } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";

/**
 * Test runs only: Playwright fixtures insert and remove rows in the server's
 * database through this route, because the embedded database admits one process.
 * Mounted only when E2E_FIXTURE_TOKEN is set, and every call must carry it.
 */
export function e2eFixtureRouter(token: string) {
  const router = express.Router();
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
      res.json({ rows: result.rows });
    } catch (error) {
      res.status(400).json({ error: (error as Error).message });
    }
  });
  return router;
}
