import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/db.server";
import { leads } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase, seedTestDatabase } from "~/server/db/test-db.server";
import { createPopupLead } from "./popup-lead.server";

let db: Db;
let outbox: string;
beforeAll(async () => {
  // Without SMTP, notifications are written to DATA_DIR/outbox.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "pravas-lead-"));
  process.env.DATA_DIR = dataDir;
  outbox = path.join(dataDir, "outbox");
  db = await openTestDatabase();
  await seedTestDatabase(db);
});
afterAll(closeTestDatabase);

describe("createPopupLead", () => {
  it("stores the lead, then notifies the team and records that it did", async () => {
    const { id, notified } = await createPopupLead({ name: "Asha Patil", phone: "+91 90000 11111" });
    const [row] = await db.select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({ source: "popup", name: "Asha Patil", phone: "+91 90000 11111", status: "new" });
    expect(notified).toBe(true);
    expect(row!.notifiedAt).toBeInstanceOf(Date);
    const files = await fs.readdir(outbox);
    const mails = await Promise.all(files.map((file) => fs.readFile(path.join(outbox, file), "utf8")));
    expect(
      mails.some((mail) => mail.includes("Phone: +91 90000 11111") && mail.includes("To: hello@pravas.travel")),
    ).toBe(true);
  });
});
