import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/server/db/db.server";

/**
 * The engine-neutral logical dump (ADR 054): every table of the public schema
 * as JSON lines, one `row_to_json` object a row, read in one REPEATABLE READ
 * snapshot. PGlite and PostgreSQL both write and read it through the driver,
 * so a backup made on one restores into the other.
 */

/** A transaction handle, or the database itself. */
type Executor = Pick<Db, "execute">;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The public schema's tables, parents before children (foreign keys), then by name. */
async function listTables(db: Executor): Promise<string[]> {
  const tables = (
    await rows<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    )
  ).map((row) => row.name);
  const edges = await rows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map<string, Set<string>>(tables.map((table) => [table, new Set()]));
  for (const { child, parent } of edges) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table) && [...parents.get(table)!].every((parent) => placed.has(parent)));
    // A cycle (none today): the rest in name order; the load defers what it can.
    const next = ready.length > 0 ? ready : tables.filter((table) => !placed.has(table));
    for (const table of next) {
      placed.add(table);
      ordered.push(table);
    }
  }
  return ordered;
}

/** The table's primary key columns (an order for the rows: a self-reference points at an earlier row). */
async function orderColumns(db: Executor, table: string): Promise<string[]> {
  const keys = await rows<{ name: string }>(
    db,
    sql`select a.attname as name from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = ${`public.${ident(table)}`}::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`,
  );
  return keys.map((key) => key.name);
}

/** The last migration applied: drizzle's `created_at`, the journal's `when`. */
async function appliedMigration(db: Executor): Promise<number | null> {
  try {
    const [row] = await rows<{ when: string | null }>(db, sql`select max(created_at)::text as when from drizzle.__drizzle_migrations`);
    return row?.when ? Number(row.when) : null;
  } catch {
    return null;
  }
}

type TableDump = { table: string; rows: number; data: Buffer };

const PAGE = 5000;

/**
 * Reads every table in one read-only REPEATABLE READ transaction (one
 * snapshot: the row counts and the rows agree, whatever writes go on). Hands
 * each table to `onTable` as it is read, so only one is in memory at a time.
 */
export async function dumpDatabase(db: Db, onTable: (dump: TableDump) => Promise<void>): Promise<{ migration: number | null }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const migration = await appliedMigration(tx);
    for (const table of await listTables(tx)) {
      const order = await orderColumns(tx, table);
      const orderBy = order.length > 0 ? order.map((column) => `t.${ident(column)}`).join(", ") : "t.ctid";
      const parts: string[] = [];
      let count = 0;
      // A page is one text value (its rows joined by newlines, in the sorted subquery's order): one result row instead of thousands through the driver.
      for (let offset = 0; ; offset += PAGE) {
        const [page] = await rows<{ j: string | null; n: number }>(
          tx,
          sql.raw(
            `select string_agg(j, E'\n') as j, count(*)::int as n from (select row_to_json(t)::text as j from public.${ident(table)} t order by ${orderBy} limit ${PAGE} offset ${offset}) s`,
          ),
        );
        const n = Number(page?.n ?? 0);
        if (n > 0) parts.push(page!.j!);
        count += n;
        if (n < PAGE) break;
      }
      await onTable({ table, rows: count, data: Buffer.from(parts.length > 0 ? `${parts.join("\n")}\n` : "") });
    }
    return { migration };
  });
}

/** Rows in every public table, for the emptiness check. Tables only migrations fill (their defaults) do not count. */
export async function countRows(db: Executor): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(db)) {
    const [row] = await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from public.${ident(table)}`));
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

/** Tables that migrations fill with defaults (0004 redirects, 0014 reply templates and their seed ledger rows). */
const MIGRATION_FILLED_TABLES = new Set(["redirects", "reply_templates", "seed_ledger"]);

export function hasUserData(counts: Record<string, number>): boolean {
  return Object.entries(counts).some(([table, count]) => count > 0 && !MIGRATION_FILLED_TABLES.has(table));
}

const BATCH_BYTES = 2 * 1024 * 1024;

/**
 * Loads dumped tables into a database migrated to the dump's migration: empties
 * every table (migrations' default rows), inserts the rows parents first, and
 * moves every sequence past its column's largest value. One transaction.
 * Returns the rows loaded per table.
 */
export async function loadDatabase(db: Db, tables: { table: string; read: () => Promise<Buffer> }[]): Promise<Record<string, number>> {
  return db.transaction(async (tx) => {
    const present = await listTables(tx);
    const known = new Set(present);
    const missing = tables.filter(({ table }) => !known.has(table)).map(({ table }) => table);
    if (missing.length > 0) throw new Error(`The database has no table ${missing.join(", ")}: is it migrated to the backup's migration?`);
    // A restore replaces the append-only payment ledger as a whole: the one purge its trigger allows (ADR 090).
    await tx.execute(sql`select set_config('pravas.ledger_purge', 'on', true)`);
    if (present.length > 0) await tx.execute(sql.raw(`truncate ${present.map((table) => `public.${ident(table)}`).join(", ")} restart identity cascade`));
    await tx.execute(sql`set constraints all deferred`);
    const byName = new Map(tables.map((entry) => [entry.table, entry]));
    const loaded: Record<string, number> = {};
    for (const table of present) {
      const entry = byName.get(table);
      if (!entry) continue;
      // Generated columns are computed again; identity columns keep their values.
      const columns = (
        await rows<{ name: string }>(
          tx,
          sql`select attname as name from pg_attribute where attrelid = ${`public.${ident(table)}`}::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        )
      ).map((row) => ident(row.name));
      const list = columns.join(", ");
      const insert = (batch: string[]) =>
        tx.execute(
          sql`insert into ${sql.raw(`public.${ident(table)}`)} (${sql.raw(list)}) overriding system value select ${sql.raw(list)} from json_populate_recordset(null::${sql.raw(`public.${ident(table)}`)}, ${`[${batch.join(",")}]`}::json)`,
        );
      const text = (await entry.read()).toString("utf8");
      let batch: string[] = [];
      let bytes = 0;
      let count = 0;
      for (const line of text.split("\n")) {
        if (line === "") continue;
        batch.push(line);
        bytes += line.length;
        count++;
        if (bytes >= BATCH_BYTES) {
          await insert(batch);
          batch = [];
          bytes = 0;
        }
      }
      if (batch.length > 0) await insert(batch);
      loaded[table] = count;
    }
    // serial and identity columns: the next value follows the restored rows.
    const sequences = await rows<{ tbl: string; col: string; seq: string }>(
      tx,
      sql`select c.relname as tbl, a.attname as col, pg_get_serial_sequence(format('public.%I', c.relname), a.attname) as seq
          from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
            and pg_get_serial_sequence(format('public.%I', c.relname), a.attname) is not null`,
    );
    for (const { tbl, col, seq } of sequences) {
      await tx.execute(sql.raw(`select setval('${seq.replace(/'/g, "''")}', coalesce((select max(${ident(col)}) from public.${ident(tbl)}), 0) + 1, false)`));
    }
    return loaded;
  });
}
