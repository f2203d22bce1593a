// The e2e servers' PostgreSQL databases (ADR 085): one for each shared server
// (scripts/e2e-server.mjs) and one for a test's private server
// (tests/e2e/private-server.ts), each made empty before its server starts.
import pg from "pg";

/**
 * Drops the database `databaseUrl` names and makes it again, empty. Through the
 * maintenance database `postgres`, never through one a test stage beside us may drop.
 * @param {string} databaseUrl
 * @returns {Promise<void>}
 */
export async function emptyDatabase(databaseUrl) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`${name} is not a plain database name`);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}
