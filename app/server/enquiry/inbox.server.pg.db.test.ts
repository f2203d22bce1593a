// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): trigram search (pg_trgm, loaded differently by each engine) and the indexes the
// planner can use for it.
import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseInboxFilters, type InboxFilters } from "~/lib/enquiry-inbox";
import type { Db } from "~/server/db/db.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { at, insertContact, insertLead, insertPackage, insertStaff } from "../../../tests/support/enquiry-fixtures";
import { enquiryInbox } from "~/server/db/schema.server";
import { countNewEnquiries, inboxPackages, inboxWhere, listInbox, listInboxForExport } from "./inbox.server";

let db: Db;
let baliId: number;
const filters = (query = "") => parseInboxFilters(new URL(`http://x/admin/enquiries${query}`));
const keys = async (f: InboxFilters, size?: number) => (await listInbox(f, size)).rows.map((row) => row.key);

beforeAll(async () => {
  db = await openTestDatabase();
  const bali = await insertPackage(db, "Bali 7D/6N");
  const hampi = await insertPackage(db, "Hampi 4D/3N");
  baliId = bali.id;
  const ravi = await insertStaff(db, "Ravi Rao");
  // Times in UTC; India is UTC+5:30. 2026-11-20 00:10 IST is 2026-11-19 18:40 UTC.
  await insertLead(db, { id: 1, name: "Asha Patil", phone: "+91 98765 43210", createdAt: at("2026-11-19T18:40:00Z") });
  await insertLead(db, {
    id: 2,
    source: "package-enquiry",
    name: "Karan Mehta",
    phone: "98111-22233",
    email: "karan@example.com",
    packageId: bali.id,
    packageTitle: bali.title,
    travellers: 2,
    status: "contacted",
    assignedTo: ravi.id,
    createdAt: at("2026-11-21T06:00:00Z"),
  });
  await insertLead(db, {
    id: 3,
    source: "package-enquiry",
    name: "50%_off Person",
    phone: "+91 97000 00000",
    packageId: hampi.id,
    packageTitle: hampi.title,
    travellers: 1,
    status: "spam",
    createdAt: at("2026-11-22T06:00:00Z"),
  });
  await insertContact(db, {
    id: 1,
    firstName: "Meera",
    lastName: "Iyer",
    email: "Meera.Iyer@Example.com",
    phone: "+91 99999 88888",
    createdAt: at("2026-11-20T12:00:00Z"),
  });
  await insertContact(db, {
    id: 2,
    firstName: "Old",
    lastName: "Message",
    status: "closed",
    message: "A honeymoon in Bali, 2 of us",
    createdAt: at("2026-11-19T18:00:00Z"),
  });
});
afterAll(closeTestDatabase);

describe("listInbox", () => {
  it("lists leads and contact messages together, newest first, with stable keys", async () => {
    const { rows, total } = await listInbox(filters());
    expect(total).toBe(5);
    expect(rows.map((row) => row.key)).toEqual(["lead-3", "lead-2", "contact-1", "lead-1", "contact-2"]);
    expect(rows[2]).toMatchObject({ source: "contact", name: "Meera Iyer", email: "Meera.Iyer@Example.com", packageTitle: null, status: "new" });
    expect(rows[1]).toMatchObject({ source: "package-enquiry", packageTitle: "Bali 7D/6N", status: "contacted", assigneeName: "Ravi Rao" });
    expect(rows[1]!.createdAt).toBe("2026-11-21T06:00:00.000Z");
  });

  it("sorts oldest first when asked", async () => {
    expect(await keys(filters("?sort=oldest"))).toEqual(["contact-2", "lead-1", "contact-1", "lead-2", "lead-3"]);
  });

  it("filters by status, source and package", async () => {
    expect(await keys(filters("?status=new"))).toEqual(["contact-1", "lead-1"]);
    expect(await keys(filters("?source=contact"))).toEqual(["contact-1", "contact-2"]);
    expect(await keys(filters("?source=popup"))).toEqual(["lead-1"]);
    expect(await keys(filters(`?package=${baliId}`))).toEqual(["lead-2"]);
    expect(await keys(filters("?status=spam&source=contact"))).toEqual([]);
  });

  it("filters by days in India, both ends included", async () => {
    // lead-1 came in at 00:10 on the 20th in India (still the 19th in UTC); contact-2 at 23:30 on the 19th.
    expect(await keys(filters("?from=2026-11-20&to=2026-11-20"))).toEqual(["contact-1", "lead-1"]);
    expect(await keys(filters("?to=2026-11-19"))).toEqual(["contact-2"]);
    expect(await keys(filters("?from=2026-11-21"))).toEqual(["lead-3", "lead-2"]);
  });

  it("searches names, e-mail addresses and phones (digits alone too), ignoring case", async () => {
    expect(await keys(filters("?q=asha"))).toEqual(["lead-1"]);
    expect(await keys(filters("?q=meera.iyer%40example"))).toEqual(["contact-1"]);
    expect(await keys(filters("?q=9876543210"))).toEqual(["lead-1"]);
    expect(await keys(filters("?q=98111%2022233"))).toEqual(["lead-2"]);
    // % and _ are literal: "50%_" matches only the name that contains them.
    expect(await keys(filters("?q=50%25_"))).toEqual(["lead-3"]);
    expect(await keys(filters("?q=%25"))).toEqual(["lead-3"]);
  });

  it("searches messages too (issue 23)", async () => {
    expect(await keys(filters("?q=HONEYMOON"))).toEqual(["contact-2"]);
    expect(await keys(filters("?q=moon in bal"))).toEqual(["contact-2"]);
  });

  it("finds the same rows for 1–2 characters as a plain substring match (no trigram to use)", async () => {
    const all = (await listInbox(filters(), 100)).rows;
    const digitsOf = (text: string) => text.replace(/[ +\-().]/g, "");
    for (const q of [
      "a",
      "A",
      "as",
      "9",
      "98",
      "1 ",
      "@",
      "%",
      "_",
      ".",
      "ba",
      "e-",
      "i",
      "+9",
      "(",
      ")",
      "[",
      "\\",
      "^",
      "$",
      "*",
      "?",
      "|",
      "{",
      ".c",
      "%_",
    ]) {
      const needle = q.trim().toLowerCase();
      const expected = all
        .filter((row) => [row.name, row.email, row.phone, row.message].some((field) => field?.toLowerCase().includes(needle)))
        .map((row) => row.key);
      expect(await keys(filters(`?q=${encodeURIComponent(q)}`), 100), q).toEqual(expected);
      expect(digitsOf(q).length).toBeLessThan(4);
    }
  });

  it("has trigram indexes the view's search can use, on both halves of the view", async () => {
    // Six rows are read faster than any index: the planner is told not to scan, to see which indexes fit.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = tx
        .select({ n: count() })
        .from(enquiryInbox)
        .where(inboxWhere(filters("?q=98765 43210")));
      const result = await tx.execute(sql`explain ${query}`);
      return result.rows.map((row) => Object.values(row)[0]).join("\n");
    });
    for (const table of ["leads", "contact_messages"]) {
      for (const column of ["name", "email", "phone", "phone_digits", "message"]) expect(plan).toContain(`${table}_${column}_trgm_idx`);
    }
  });

  it("pages through the filtered list and clamps a page past the end", async () => {
    const first = await listInbox(filters(), 2);
    expect(first).toMatchObject({ total: 5, page: 1, pages: 3 });
    expect(first.rows.map((row) => row.key)).toEqual(["lead-3", "lead-2"]);
    expect(await keys(filters("?page=2"), 2)).toEqual(["contact-1", "lead-1"]);
    const last = await listInbox(filters("?page=99"), 2);
    expect(last.page).toBe(3);
    expect(last.rows.map((row) => row.key)).toEqual(["contact-2"]);
  });

  it("ignores filters it does not know instead of failing", () => {
    expect(filters("?status=nope&source=x&package=1;drop&from=2026-13-01&to=yesterday&sort=z&page=-4")).toEqual({
      status: "",
      source: "",
      package: "",
      from: "",
      to: "",
      q: "",
      sort: "newest",
      page: 1,
    });
  });
});

describe("the export, the sidebar count and the package filter", () => {
  it("exports every filtered row, not one page", async () => {
    const rows = await listInboxForExport(filters("?source=package-enquiry"));
    expect(rows.map((row) => row.key)).toEqual(["lead-3", "lead-2"]);
  });

  it("counts New enquiries across both tables", async () => {
    expect(await countNewEnquiries()).toBe(2);
  });

  it("offers the packages that have enquiries", async () => {
    expect((await inboxPackages()).map((pkg) => pkg.title)).toEqual(["Bali 7D/6N", "Hampi 4D/3N"]);
  });
});
