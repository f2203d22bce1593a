import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { parseEnquiryKey } from "~/lib/enquiry-id";
import { spreadsheetIndiaTime } from "~/lib/spreadsheet-text";
import { INBOX_PAGE_SIZE, indiaDayStart, type InboxFilters, type InboxRow } from "~/lib/enquiry-inbox";
import { getDb, type Db } from "~/server/db/db.server";
import { contactMessages, enquiryInbox as inbox, enquiryNotes, leads, users } from "~/server/db/schema.server";

/** `%` and `_` typed in the search are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The search as a regular expression matching it literally, for `~*`. */
function literalRegex(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, (char) => `\\${char}`);
}

/** The WHERE clause of a filtered view; the database does the filtering. */
export function inboxWhere(filters: Omit<InboxFilters, "page" | "sort">): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(inbox.status, filters.status));
  if (filters.source) conditions.push(eq(inbox.source, filters.source));
  if (filters.package) conditions.push(eq(inbox.packageId, Number(filters.package)));
  if (filters.from) conditions.push(gte(inbox.createdAt, indiaDayStart(filters.from)));
  if (filters.to) {
    const end = indiaDayStart(filters.to);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(inbox.createdAt, end));
  }
  if (filters.q) {
    // Each `ilike` is pushed into both halves of the view, where a trigram index
    // on the same expression answers it (drizzle/0015, ADR 047). A query of 1–2
    // characters has no trigram and reads every row: there the same match as a
    // case-blind regular expression (`~*`), which PostgreSQL checks about a third
    // faster than an `ilike` over text it first has to lower-case (ADR 070).
    const fields = [inbox.name, inbox.email, inbox.phone, inbox.message];
    const digits = filters.q.replace(/\D/g, "");
    const matches = hasTrigram(filters.q)
      ? fields.map((field) => ilike(field, likePattern(filters.q)))
      : fields.map((field) => sql`${field} ~* ${literalRegex(filters.q)}`);
    // "98765 43210" finds "+91 98765-43210": digits compared alone once there are enough of them.
    if (digits.length >= 4) matches.push(ilike(inbox.phoneDigits, `%${digits}%`));
    conditions.push(or(...matches)!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

const rowFields = {
  key: inbox.key,
  source: inbox.source,
  name: inbox.name,
  phone: inbox.phone,
  email: inbox.email,
  packageTitle: inbox.packageTitle,
  travellers: inbox.travellers,
  preferredMonth: inbox.preferredMonth,
  message: inbox.message,
  status: inbox.status,
  assigneeName: users.name,
  createdAt: inbox.createdAt,
};

/**
 * A search that matches this many rows or fewer reads them through the
 * trigram indexes and sorts them; one that matches more walks the newest
 * first (the created_at indexes) until the page is full, which, with that many
 * matches, is soon (ADR 047).
 */
const SORT_FOUND_MAX = 1000;

/**
 * The order of a view. `sortFound`: by `created_at + 0 seconds`, the same
 * order, which no index holds, so the planner cannot choose to walk
 * created_at backwards through thousands of rows (it guesses an `ilike`
 * matches far more rows than a selective search does) and reads the few
 * matching rows through the trigram indexes instead.
 */
function orderOf(sort: InboxFilters["sort"], sortFound = false) {
  const at = sortFound ? sql`${inbox.createdAt} + interval '0 seconds'` : inbox.createdAt;
  return sort === "oldest" ? [asc(at), asc(inbox.key)] : [desc(at), desc(inbox.key)];
}

type Selected = Omit<InboxRow, "createdAt"> & { createdAt: Date };
const toView = (row: Selected): InboxRow => ({ ...row, createdAt: row.createdAt.toISOString() });

/** One page of the inbox, newest first unless asked otherwise, with the total and the page clamped to what exists. */
export async function listInbox(filters: InboxFilters, pageSize = INBOX_PAGE_SIZE) {
  const list = async (db: Db) => {
    const where = inboxWhere(filters);
    const [counted] = await db
      .select({ n: count().mapWith(Number) })
      .from(inbox)
      .where(where);
    const total = counted?.n ?? 0;
    const pages = Math.max(1, Math.ceil(total / pageSize));
    const page = Math.min(filters.page, pages);
    // Nothing matched: reading for a page would walk every row a second time.
    if (total === 0) return { rows: [], total, page, pages };
    const rows = await db
      .select(rowFields)
      .from(inbox)
      .leftJoin(users, eq(users.id, inbox.assignedTo))
      .where(where)
      .orderBy(...orderOf(filters.sort, Boolean(filters.q) && total <= SORT_FOUND_MAX))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows: rows.map(toView), total, page, pages };
  };
  if (!hasTrigram(filters.q)) return list(getDb());
  // The planner prices an `ilike` over a message like one integer comparison,
  // so for a search matching a few thousand rows it prefers reading all 25,000
  // rows, four `ilike`s each, to the trigram indexes; measured 2–4 times slower
  // (ADR 047). A search with a trigram is told to use them, in its own
  // transaction (SET LOCAL ends with it).
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return list(tx as unknown as Db);
  });
}

/** Whether pg_trgm can take a trigram from the search: three letters or digits in a row. */
function hasTrigram(q: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(q);
}

/** Most rows one CSV export holds; a bigger export asks for narrower filters. */
const CSV_MAX_ROWS = 50_000;

/** Every row of a filtered view (the CSV export), up to CSV_MAX_ROWS. */
export async function listInboxForExport(filters: InboxFilters): Promise<InboxRow[]> {
  const rows = await getDb()
    .select(rowFields)
    .from(inbox)
    .leftJoin(users, eq(users.id, inbox.assignedTo))
    .where(inboxWhere(filters))
    .orderBy(...orderOf(filters.sort))
    .limit(CSV_MAX_ROWS);
  return rows.map(toView);
}

/**
 * Each exported enquiry's notes, oldest first, as one cell: "24 Nov 2026
 * 06:15, Asha: Called, sending the quote", one note per line (issue 23).
 */
export async function exportNotes(rows: InboxRow[]): Promise<Map<string, string>> {
  const refs = rows.map((row) => parseEnquiryKey(row.key)).filter((ref) => ref !== null);
  const leadIds = refs.filter((ref) => ref.kind === "lead").map((ref) => ref.id);
  const contactIds = refs.filter((ref) => ref.kind === "contact").map((ref) => ref.id);
  if (leadIds.length + contactIds.length === 0) return new Map();
  const notes = await getDb()
    .select({
      leadId: enquiryNotes.leadId,
      contactId: enquiryNotes.contactMessageId,
      author: enquiryNotes.authorName,
      body: enquiryNotes.body,
      at: enquiryNotes.createdAt,
    })
    .from(enquiryNotes)
    .where(
      or(
        leadIds.length ? inArray(enquiryNotes.leadId, leadIds) : undefined,
        contactIds.length ? inArray(enquiryNotes.contactMessageId, contactIds) : undefined,
      ),
    )
    .orderBy(asc(enquiryNotes.createdAt), asc(enquiryNotes.id));
  const cells = new Map<string, string[]>();
  for (const note of notes) {
    const key = note.leadId !== null ? `lead-${note.leadId}` : `contact-${note.contactId}`;
    const line = `${spreadsheetIndiaTime(note.at)}, ${note.author}: ${note.body.replace(/\s+/g, " ")}`;
    cells.set(key, [...(cells.get(key) ?? []), line]);
  }
  return new Map([...cells].map(([key, lines]) => [key, lines.join("\n")]));
}

/** The sidebar's figure: two index-only counts, no UNION. */
export async function countNewEnquiries(): Promise<number> {
  const db = getDb();
  const [fromLeads] = await db
    .select({ n: count().mapWith(Number) })
    .from(leads)
    .where(eq(leads.status, "new"));
  const [fromContact] = await db
    .select({ n: count().mapWith(Number) })
    .from(contactMessages)
    .where(eq(contactMessages.status, "new"));
  return (fromLeads?.n ?? 0) + (fromContact?.n ?? 0);
}

/** Packages that have enquiries, for the package filter (titles as stored with the enquiry). */
export async function inboxPackages(): Promise<{ id: number; title: string }[]> {
  const rows = await getDb()
    .select({ id: leads.packageId, title: sql<string>`max(${leads.packageTitle})` })
    .from(leads)
    .where(sql`${leads.packageId} is not null`)
    .groupBy(leads.packageId)
    .orderBy(sql`max(${leads.packageTitle})`);
  return rows.flatMap((row) => (row.id === null ? [] : [{ id: row.id, title: row.title ?? `Package ${row.id}` }]));
}
