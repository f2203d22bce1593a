// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): a burst of concurrent writes grouped into multi-row inserts whose RETURNING rows
// are matched to their callers.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/db.server";
import { leads, jobs } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { createPopupLead } from "./popup-lead.server";

let db: Db;
beforeAll(async () => {
  process.env.DATA_DIR = await fs.mkdtemp(path.join(os.tmpdir(), "pravas-burst-"));
  db = await openTestDatabase({ seeded: true });
});
afterAll(closeTestDatabase);

describe("createPopupLead under a burst (group commit)", () => {
  it("stores every lead of a burst with its own e-mail, and answers each with its own id", async () => {
    const inputs = Array.from({ length: 60 }, (_, index) => ({ name: `Burst ${index}`, phone: `+91 90000 ${String(index).padStart(5, "0")}` }));
    const answers = await Promise.all(inputs.map((input) => createPopupLead(input)));
    const ids = answers.map((answer) => answer.id);
    expect(new Set(ids).size).toBe(inputs.length);

    const stored = await db.select().from(leads).where(like(leads.name, "Burst %"));
    expect(stored).toHaveLength(inputs.length);
    // Each caller's id is the row holding what that caller sent.
    const byId = new Map(stored.map((row) => [row.id, row]));
    inputs.forEach((input, index) => expect(byId.get(ids[index]!)).toMatchObject({ name: input.name, phone: input.phone, source: "popup" }));

    const mails = await db.select().from(jobs).where(inArray(jobs.subjectId, ids));
    expect(mails).toHaveLength(inputs.length);
    for (const mail of mails) {
      const lead = byId.get(mail.subjectId!)!;
      expect(mail).toMatchObject({ type: "email", subjectType: "lead", status: "pending" });
      expect((mail.payload as { subject: string }).subject).toBe(`New call-back request from ${lead.name}`);
      expect((mail.payload as { text: string }).text).toContain(`Phone: ${lead.phone}`);
    }
  });
});
