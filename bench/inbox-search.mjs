// Inbox search at scale (issue 23, ADR 047): 25,000 enquiries in a scratch
// database, then typical searches through the app's own query (listInbox: the
// count and the first page), timed before and after the trigram indexes in the
// same run, on PGlite (in memory) and on PostgreSQL when a server is given.
// Prints median and p95 per engine and search; writes bench/results/inbox-search.json.
//
//   npm run bench:inbox-search                (PGlite only; = npx tsx bench/inbox-search.mjs)
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/inbox-search.mjs
//        (creates and drops a scratch database on that server; DATABASE_URL is not read)
//   BENCH_ROWS=25000 BENCH_RUNS=25 BENCH_BEFORE_RUNS=10 BENCH_ENGINES=pglite,postgres BENCH_KEEP=1 (keeps the scratch database) ...
//
// "before": the search as it was (name, e-mail, phone; no message) with no
// trigram index, i.e. what main answered; "after": today's search with the
// indexes. "unindexed": today's search with the indexes dropped; it is there
// to check that "after" finds exactly the same rows in the same order; its
// times mean little (with no index to use, `enable_seqscan = off` pushes the
// planner into poor plans on PostgreSQL).
// Goal: under 50 ms on PostgreSQL and under 150 ms on PGlite, median and p95.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import pg from "pg";
import { parseInboxFilters } from "../app/lib/enquiry-inbox.ts";
import { closeDatabase, getDb, openDatabase } from "../app/server/db/db.server.ts";
import { contactMessages, enquiryInbox as inbox, leads, users } from "../app/server/db/schema.server.ts";
import { listInbox } from "../app/server/enquiry/inbox.server.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 25_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 25);
/** Runs per search without the indexes (slow: fewer). */
const BEFORE_RUNS = Math.min(RUNS, Number(process.env.BENCH_BEFORE_RUNS ?? 10));
const PG_URL = process.env.BENCH_PG_URL ?? "";
const GOAL_MS = { postgres: 50, pglite: 150 };

// ---- Data: a seeded generator (mulberry32), so both engines hold the same enquiries. ----
let state = 0;
const reseed = () => (state = 20261126);
function random() {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(random() * list.length)];
const FIRST =
  "Aarav Aditi Akash Ananya Anil Anjali Arjun Asha Deepa Devika Farhan Gaurav Ishaan Kavya Karan Lakshmi Manoj Meera Neha Nikhil Pooja Priya Rahul Rajesh Ravi Rohan Sahil Sanjay Shreya Sneha Sunita Suresh Tanvi Varun Vikram Zoya".split(
    " ",
  );
const LAST =
  "Agarwal Banerjee Bhat Chopra Das Desai Fernandes Gupta Iyer Jain Joshi Kapoor Khan Kulkarni Kumar Menon Mehta Mishra Nair Pandey Patel Patil Pillai Rao Reddy Sharma Shetty Singh Sinha Thomas Verma Yadav".split(
    " ",
  );
const DOMAINS = "gmail.com gmail.com gmail.com yahoo.co.in outlook.com rediffmail.com hotmail.com icloud.com company.in".split(" ");
const PACKAGES = ["Bali 7D/6N", "Kerala Backwaters 5D/4N", "Dubai 5D/4N", "Manali 6D/5N", "Goa 4D/3N"];
// Messages like the site's: who travels, where, when, and a wish or two.
const GROUPS = [
  "We are a family of four",
  "Two of us",
  "A group of 8 friends",
  "My parents (senior citizens) and I",
  "Honeymoon couple",
  "Office team of 20",
  "Me and my wife",
];
const PLACES =
  "Kerala Bali Dubai Manali Goa Kashmir Ladakh Rajasthan Andaman Sikkim Darjeeling Ooty Coorg Singapore Thailand Maldives Mauritius Switzerland Vietnam Bhutan".split(
    " ",
  );
const MONTHS = "January February March April May June July August September October November December".split(" ");
const WISHES = [
  "with a houseboat stay",
  "beach resort please",
  "need visa help",
  "flights from Pune included",
  "budget around 1 lakh",
  "vegetarian food only",
  "want to see snow",
  "a private cab for the whole trip",
  "kids are 5 and 9",
  "wheelchair access needed",
  "please call after 6 pm",
  "WhatsApp is better",
  "can we extend by 2 nights",
  "looking for a trek",
  "wildlife safari if possible",
  "temple visits",
  "need a quote today",
  "is the cruise included",
];
function message() {
  const wishes = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(WISHES)).join(", ");
  return `${pick(GROUPS)}, looking for a ${pick(PLACES)} trip in ${pick(MONTHS)}, ${wishes}.`;
}

function phone() {
  const digits = String(Math.floor(6_000_000_000 + random() * 3_999_999_999));
  const style = random();
  if (style < 0.6) return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
  if (style < 0.8) return digits;
  return `+91 ${digits}`;
}
const email = (first, last) => `${first}.${last}${Math.floor(random() * 1000)}@${pick(DOMAINS)}`.toLowerCase();

async function fill(db) {
  reseed();
  const start = Date.parse("2025-01-01T00:00:00Z");
  const span = Date.parse("2026-11-20T00:00:00Z") - start;
  const batch = 1000;
  for (let done = 0; done < ROWS; done += batch) {
    const leadRows = [];
    const contactRows = [];
    for (let i = done; i < Math.min(ROWS, done + batch); i++) {
      const first = pick(FIRST);
      const last = pick(LAST);
      const createdAt = new Date(start + random() * span);
      if (random() < 0.8) {
        const packaged = random() < 0.5;
        leadRows.push({
          source: packaged ? "package-enquiry" : "popup",
          name: `${first} ${last}`,
          phone: phone(),
          email: random() < 0.7 ? email(first, last) : null,
          packageTitle: packaged ? pick(PACKAGES) : null,
          travellers: packaged ? 1 + Math.floor(random() * 6) : null,
          message: random() < 0.6 ? message() : null,
          status: pick(["new", "contacted", "converted", "closed"]),
          createdAt,
        });
      } else {
        contactRows.push({ firstName: first, lastName: last, email: email(first, last), phone: phone(), message: message(), createdAt });
      }
    }
    if (leadRows.length) await db.insert(leads).values(leadRows);
    if (contactRows.length) await db.insert(contactMessages).values(contactRows);
  }
}

// ---- The searches. ----
const SEARCHES = [
  { kind: "name", q: "Kulkarni" },
  { kind: "name", q: "priya nair" },
  { kind: "e-mail part", q: "kapoor4" },
  { kind: "e-mail part", q: "@rediffmail" },
  { kind: "common e-mail part", q: "gmail" },
  { kind: "phone fragment", q: "98765" },
  { kind: "phone fragment", q: "7 4321" },
  { kind: "message word", q: "houseboat" },
  { kind: "message word", q: "Ladakh" },
  { kind: "common message word", q: "honeymoon" },
  { kind: "no match", q: "zzqx" },
  { kind: "short (1–2 characters)", q: "a" },
  { kind: "short (1–2 characters)", q: "ra" },
  { kind: "short (1–2 characters), no match", q: "qz" },
];

/** The search as it was before issue 23 (src: inbox.server.ts at main), for the "before" figures. */
async function oldListInbox(q) {
  const db = getDb();
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const digits = q.replace(/\D/g, "");
  const matches = [ilike(inbox.name, pattern), ilike(inbox.email, pattern), ilike(inbox.phone, pattern)];
  if (digits.length >= 4) matches.push(ilike(inbox.phoneDigits, `%${digits}%`));
  const where = and(or(...matches));
  const [counted] = await db
    .select({ n: count().mapWith(Number) })
    .from(inbox)
    .where(where);
  const rows = await db
    .select({ key: inbox.key, name: inbox.name, createdAt: inbox.createdAt, assigneeName: users.name })
    .from(inbox)
    .leftJoin(users, eq(users.id, inbox.assignedTo))
    .where(where)
    .orderBy(desc(inbox.createdAt), desc(inbox.key))
    .limit(25);
  return { total: counted?.n ?? 0, keys: rows.map((row) => row.key) };
}

async function newListInbox(q) {
  const result = await listInbox(parseInboxFilters(new URL(`http://bench/admin/enquiries?q=${encodeURIComponent(q)}`)));
  return { total: result.total, keys: result.rows.map((row) => row.key) };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (ms) => Math.round(ms * 10) / 10;

async function time(run, q, runs = RUNS) {
  const first = await run(q); // warm: plan cache, pages in memory
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run(q);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { medianMs: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)), total: first.total, keys: first.keys };
}

async function trigramIndexes() {
  const { rows } = await getDb().execute(sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and indexname like '%\_trgm\_idx'`);
  return rows;
}

async function benchEngine(engine) {
  const db = getDb();
  const filled = performance.now();
  await fill(db);
  await db.execute(sql`analyze`);
  const fillSeconds = round((performance.now() - filled) / 1000);
  const indexes = await trigramIndexes();
  if (indexes.length !== 10) throw new Error(`expected 10 trigram indexes, found ${indexes.length}`);

  // Before: no trigram index.
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.indexname}"`));
  await db.execute(sql`analyze`);
  const before = [];
  for (const search of SEARCHES)
    before.push({ ...search, old: await time(oldListInbox, search.q, BEFORE_RUNS), unindexed: await time(newListInbox, search.q, BEFORE_RUNS) });

  // After: the indexes as migration 0015 makes them.
  const built = performance.now();
  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  await db.execute(sql`analyze`);
  const indexSeconds = round((performance.now() - built) / 1000);
  const results = [];
  for (const search of before) {
    const after = await time(newListInbox, search.q);
    const same = after.total === search.unindexed.total && JSON.stringify(after.keys) === JSON.stringify(search.unindexed.keys);
    if (!same) throw new Error(`${engine}: "${search.q}" found other rows with the indexes`);
    results.push({
      kind: search.kind,
      q: search.q,
      matches: after.total,
      before: { medianMs: search.old.medianMs, p95Ms: search.old.p95Ms, matches: search.old.total },
      unindexed: { medianMs: search.unindexed.medianMs, p95Ms: search.unindexed.p95Ms },
      after: { medianMs: after.medianMs, p95Ms: after.p95Ms },
      sameRowsAsUnindexed: same,
    });
  }
  const plan = await db.execute(
    sql.raw(
      `explain select count(*) from enquiry_inbox where name ilike '%kulkarni%' or email ilike '%kulkarni%' or phone ilike '%kulkarni%' or message ilike '%kulkarni%'`,
    ),
  );
  const planText = plan.rows.map((row) => Object.values(row)[0]);
  const usesIndex = planText.some((line) => /trgm_idx/.test(line));
  return {
    engine,
    rows: ROWS,
    runs: RUNS,
    beforeRuns: BEFORE_RUNS,
    fillSeconds,
    indexSeconds,
    usesIndex,
    plan: planText,
    goalMs: GOAL_MS[engine],
    searches: results,
  };
}

const engines = [];
const ONLY = process.env.BENCH_ENGINES ?? "pglite,postgres";
if (ONLY.includes("pglite")) {
  await openDatabase({ kind: "pglite-memory" });
  try {
    engines.push(await benchEngine("pglite"));
  } finally {
    await closeDatabase();
  }
}

if (PG_URL && ONLY.includes("postgres")) {
  const scratch = `pravas_bench_search_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${scratch}`);
  const url = new URL(PG_URL);
  url.pathname = `/${scratch}`;
  try {
    await openDatabase({ kind: "postgres", url: url.toString() });
    const version = await getDb().execute(sql`show server_version`);
    engines.push({ ...(await benchEngine("postgres")), serverVersion: Object.values(version.rows[0])[0] });
  } finally {
    await closeDatabase();
    if (process.env.BENCH_KEEP) console.log(`kept the scratch database ${scratch}`);
    else await admin.query(`drop database if exists ${scratch}`);
    await admin.end();
  }
}

for (const result of engines) {
  console.log(
    `\n${result.engine}: ${result.rows} enquiries (filled in ${result.fillSeconds} s, trigram indexes built in ${result.indexSeconds} s), ${result.runs} runs each (${result.beforeRuns} before); goal under ${result.goalMs} ms`,
  );
  console.log(`${"search".padEnd(36)} ${"matches".padStart(7)}   before med/p95   unindexed med/p95   after med/p95 (ms)`);
  for (const s of result.searches) {
    const cell = (t) => `${String(t.medianMs).padStart(7)} /${String(t.p95Ms).padStart(7)}`;
    console.log(`${`${s.kind}: "${s.q}"`.padEnd(36)} ${String(s.matches).padStart(7)}  ${cell(s.before)}   ${cell(s.unindexed)}    ${cell(s.after)}`);
  }
  const typical = result.searches.filter((s) => !s.kind.startsWith("short") && !s.kind.startsWith("common"));
  const worst = (searches, key) => Math.max(...searches.map((s) => s.after[key]));
  console.log(
    `typical searches after: worst median ${worst(typical, "medianMs")} ms, worst p95 ${worst(typical, "p95Ms")} ms — goal ${result.goalMs} ms; plan uses a trigram index: ${result.usesIndex}`,
  );
  console.log(
    `every search after (short and common ones too): worst median ${worst(result.searches, "medianMs")} ms, worst p95 ${worst(result.searches, "p95Ms")} ms`,
  );
}

const output = {
  date: new Date().toISOString(),
  cpus: os.cpus().length,
  loadAverage: os.loadavg().map((load) => Number(load.toFixed(1))),
  engines,
};
const file = process.env.BENCH_RESULT ?? "bench/results/inbox-search.json";
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
console.log(`\nwrote ${file}`);
