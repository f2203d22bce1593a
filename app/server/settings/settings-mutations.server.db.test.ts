import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteSettingsInputSchema } from "~/lib/site-settings-schema";
import { listActivity } from "~/server/activity/activity.server";
import { getAuth, resetAuthForTests } from "~/server/auth/auth.server";
import type { Viewer } from "~/server/auth/guard.server";
import { readContentVersion } from "~/server/cache/content-version.server";
import { listRevisions } from "~/server/content/revisions.server";
import type { Db } from "~/server/db/db.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { faqs } from "~/server/db/schema.server";
import { listFaqs } from "~/server/home/home-queries.server";
import { loadHomeLists, saveFaqs } from "~/server/home/home-content.server";
import { getSiteSettings, getStoredSiteSettings, getTaxRates } from "./settings.server";
import { updateSiteSettings } from "./settings-mutations.server";

let db: Db;
let viewer: Viewer;
const ctx = () => ({ viewer, ip: "10.0.0.8" });

beforeAll(async () => {
  resetAuthForTests();
  db = await openTestDatabase({ seeded: true });
  const { user } = await getAuth().api.createUser({ body: { email: "asha@example.com", password: "asha-password-12", name: "Asha", role: "admin" } });
  viewer = { id: user.id, email: user.email, name: user.name, role: "admin" };
});
afterAll(async () => {
  resetAuthForTests();
  await closeTestDatabase();
});

const form = (overrides: Record<string, unknown> = {}) =>
  siteSettingsInputSchema.parse({
    brandName: "Pravas",
    phonePrimary: "98450 12345",
    email: "hello@pravas.travel",
    whatsappNumber: "98450 12345",
    whatsappMessage: "Hi Pravas!",
    whatsappPackageMessage: "Hi, I'm interested in {package}.",
    gstPercent: 5,
    gstLabel: "GST",
    tcsPercent: 20,
    tcsLabel: "TCS",
    leadPopupEnabled: "on",
    bookingHoldHours: 48,
    ...overrides,
  });

describe("updateSiteSettings", () => {
  it("stores the settings in one content write: E.164 phones, a revision naming the change, activity and a new content version", async () => {
    const before = await getStoredSiteSettings();
    const version = await readContentVersion(db);
    const result = await updateSiteSettings(form(), ctx(), { expectedVersion: before.revision });
    expect(result.ok).toBe(true);
    const stored = await getStoredSiteSettings();
    expect(stored).toMatchObject({ phonePrimary: "+919845012345", whatsappNumber: "919845012345", tcsPercent: 20, revision: before.revision + 1 });
    expect((await getSiteSettings()).phonePrimary).toBe("+91 98450 12345");
    expect(await getTaxRates()).toEqual({ gstPercent: 5, gstLabel: "GST", tcsPercent: 20, tcsLabel: "TCS" });
    expect(await readContentVersion(db)).toBeGreaterThan(version);
    const [revision] = await listRevisions("site-settings", "site");
    expect(revision!.changes.map((change) => change.label)).toContain("TCS rate");
    const [entry] = await listActivity({ kind: "settings.updated" });
    expect(entry).toMatchObject({ userId: viewer.id });
  });

  it("keeps the agency's UPI ID and payee name, named in the revision, and clears them when emptied", async () => {
    const before = await getStoredSiteSettings();
    expect(
      await updateSiteSettings(form({ upiId: "Pravas@OKHDFCBANK", upiPayeeName: "Pravas Tours" }), ctx(), { expectedVersion: before.revision }),
    ).toMatchObject({
      ok: true,
      row: { upiId: "pravas@okhdfcbank", upiPayeeName: "Pravas Tours" },
    });
    const [revision] = await listRevisions("site-settings", "site");
    expect(revision!.changes).toContainEqual({ field: "upiId", label: "UPI ID", from: "", to: "pravas@okhdfcbank" });
    expect(await updateSiteSettings(form(), ctx())).toMatchObject({ ok: true, row: { upiId: null, upiPayeeName: null } });
  });

  it("refuses a save based on an older version, naming who changed what", async () => {
    const current = await getStoredSiteSettings();
    const result = await updateSiteSettings(form({ brandName: "Pravas Holidays" }), ctx(), { expectedVersion: current.revision - 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.conflict.version).toBe(current.revision);
    expect((await getStoredSiteSettings()).brandName).toBe(current.brandName);
  });
});

describe("saveFaqs", () => {
  it("replaces the list in the order sent, each on its pages, and refuses an older version", async () => {
    const { faqVersion } = await loadHomeLists();
    const result = await saveFaqs(
      [
        { question: "Can we pay in instalments?", answer: "Yes.", pages: "contact" },
        { question: "Do you arrange visas?", answer: "We guide you.", pages: "both" },
      ],
      ctx(),
      { expectedVersion: faqVersion },
    );
    expect(result).toEqual({ ok: true, version: faqVersion + 1 });
    expect((await listFaqs("home")).map((row) => row.question)).toEqual(["Do you arrange visas?"]);
    expect((await listFaqs("contact")).map((row) => row.question)).toEqual(["Can we pay in instalments?", "Do you arrange visas?"]);
    expect(await db.$count(faqs)).toBe(2);
    const stale = await saveFaqs([], ctx(), { expectedVersion: faqVersion });
    expect(stale.ok).toBe(false);
    expect(await db.$count(faqs)).toBe(2);
  });
});
