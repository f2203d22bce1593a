import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseInboxFilters } from "~/lib/enquiry-inbox";
import type { Db } from "~/server/db/db.server";
import { enquiryFollowUps, enquiryNotes } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { at, insertContact, insertLead, insertPackage, insertStaff } from "../../../tests/support/enquiry-fixtures";
import { exportFileName, inboxCsv, inboxExportRows, inboxXlsx, XLSX_TIME_FORMAT } from "./inbox-export.server";

let db: Db;
/** exceljs types its input as its own Buffer interface; a Node Buffer is what it reads. */
const asLoadable = (bytes: Buffer) => bytes as unknown as ExcelJS.Buffer;
const filters = (query = "") => parseInboxFilters(new URL(`http://x/admin/enquiries.csv${query}`));

beforeAll(async () => {
  db = await openTestDatabase();
  const bali = await insertPackage(db, "Bali 7D/6N");
  const ravi = await insertStaff(db, "Ravi Rao");
  // 06:15 on 24 November in India (the issue's example).
  const lead = await insertLead(db, {
    source: "package-enquiry",
    name: "Asha Patil",
    phone: "+91 98765 43210",
    email: "asha@example.com",
    packageId: bali.id,
    packageTitle: bali.title,
    travellers: 2,
    preferredMonth: "December",
    message: "=2*7",
    status: "contacted",
    assignedTo: ravi.id,
    createdAt: at("2026-11-24T00:45:24.959Z"),
  });
  await db.insert(enquiryNotes).values([
    { leadId: lead.id, authorName: "Ravi Rao", body: "Called, sending the quote", createdAt: at("2026-11-24T00:50:00Z") },
    { leadId: lead.id, authorName: "Asha Admin", body: "@SUM(1) booked", createdAt: at("2026-11-25T10:00:00Z") },
  ]);
  // Call back at 10:00 on 27 November in India.
  await db.insert(enquiryFollowUps).values({ enquiryKey: `lead-${lead.id}`, leadId: lead.id, dueAt: at("2026-11-27T04:30:00Z"), setByName: "Ravi Rao" });
  await insertContact(db, { firstName: "+1+2", lastName: "Person", phone: "+1+2", message: "Line one\nline two\u0007", createdAt: at("2026-11-23T18:29:00Z") });
});
afterAll(closeTestDatabase);

describe("the CSV", () => {
  it("writes Indian times, readable phones, the notes, and formulas as text", async () => {
    const csv = inboxCsv(await inboxExportRows(filters()));
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe("Received (IST),Source,Name,Phone,E-mail,Package,Travellers,Preferred month,Message,Status,Assigned to,Call back on (IST),Notes,ID");
    // One record: its notes cell holds a line break inside its quotes.
    expect(csv).toMatch(
      /\r\n2026-11-24 06:15,Package enquiry,Asha Patil,\+91 98765 43210,asha@example\.com,Bali 7D\/6N,2,December,'=2\*7,Contacted,Ravi Rao,2026-11-27 10:00,"2026-11-24 06:20, Ravi Rao: Called, sending the quote\n2026-11-25 15:30, Asha Admin: @SUM\(1\) booked",lead-\d+\r\n/,
    );
    // 23:59 in India the day before; a "phone" that is not one stays inert.
    expect(csv).toContain(`2026-11-23 23:59,Contact form,'+1+2 Person,'+1+2,`);
  });
});

describe("the .xlsx", () => {
  it("opens, with date cells in Indian time, phones and formulas as text, and the notes in one cell", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(asLoadable(await inboxXlsx(await inboxExportRows(filters()))));
    const sheet = workbook.getWorksheet("Enquiries")!;
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      "Received (IST)",
      "Source",
      "Name",
      "Phone",
      "E-mail",
      "Package",
      "Travellers",
      "Preferred month",
      "Message",
      "Status",
      "Assigned to",
      "Call back on (IST)",
      "Notes",
      "ID",
    ]);
    const asha = sheet.getRow(2);
    const received = asha.getCell(1);
    expect(received.type).toBe(ExcelJS.ValueType.Date);
    expect(received.numFmt).toBe(XLSX_TIME_FORMAT);
    // An Excel date has no zone: it holds the wall time in India.
    expect((received.value as Date).toISOString()).toBe("2026-11-24T06:15:24.959Z");
    expect(asha.getCell(3).value).toBe("Asha Patil");
    expect(asha.getCell(4).type).toBe(ExcelJS.ValueType.String);
    expect(asha.getCell(4).value).toBe("+91 98765 43210");
    expect(asha.getCell(7).value).toBe(2);
    // A text cell is never run: no formula, no apostrophe to see.
    expect(asha.getCell(9).type).toBe(ExcelJS.ValueType.String);
    expect(asha.getCell(9).value).toBe("=2*7");
    expect(asha.getCell(11).value).toBe("Ravi Rao");
    expect(asha.getCell(12).type).toBe(ExcelJS.ValueType.Date);
    expect((asha.getCell(12).value as Date).toISOString()).toBe("2026-11-27T10:00:00.000Z");
    expect(asha.getCell(13).value).toBe("2026-11-24 06:20, Ravi Rao: Called, sending the quote\n2026-11-25 15:30, Asha Admin: @SUM(1) booked");
    expect(asha.getCell(14).value).toMatch(/^lead-\d+$/);
    const contact = sheet.getRow(3);
    expect(contact.getCell(4).value).toBe("+1+2");
    // A control character XML cannot hold is left out; the line break stays.
    expect(contact.getCell(9).value).toBe("Line one\nline two");
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it("holds only the filtered rows, and an empty view still opens", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(asLoadable(await inboxXlsx(await inboxExportRows(filters("?q=nobody-at-all")))));
    expect(workbook.getWorksheet("Enquiries")!.rowCount).toBe(1);
    const one = new ExcelJS.Workbook();
    await one.xlsx.load(asLoadable(await inboxXlsx(await inboxExportRows(filters("?source=contact")))));
    expect(one.getWorksheet("Enquiries")!.getRow(2).getCell(2).value).toBe("Contact form");
  });
});

it("names the file by the day in India", () => {
  expect(exportFileName("xlsx", new Date("2026-11-25T19:00:00Z"))).toBe("enquiries-2026-11-26.xlsx");
  expect(exportFileName("csv", new Date("2026-11-25T18:00:00Z"))).toBe("enquiries-2026-11-25.csv");
});
