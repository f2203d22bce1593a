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
import { loadHomeLists, saveHomeDocuments } from "~/server/home/home-content.server";
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

describe("saveHomeDocuments", () => {
  const faqList = [
    { question: "Can we pay in instalments?", answer: "Yes.", pages: "contact" as const },
    { question: "Do you arrange visas?", answer: "We guide you.", pages: "both" as const },
  ];

  it("saves every changed document of the home screen in one write, each with its revision and activity, and skips one sent as stored", async () => {
    const before = await loadHomeLists();
    const contentVersion = await readContentVersion();
    const review = { name: "Farah Khan", location: "Pune", comment: "Calm and well planned.", rating: 5 };
    const result = await saveHomeDocuments(
      [
        { type: "home-faqs", input: faqList, expectedVersion: before.faqVersion },
        { type: "home-reviews", input: [review], expectedVersion: before.reviewVersion },
        { type: "home-cards", input: before.cards as never, expectedVersion: before.cardsVersion },
      ],
      ctx(),
    );
    expect(result).toEqual({
      ok: true,
      saved: ["home-faqs", "home-reviews"],
      versions: { "home-faqs": before.faqVersion + 1, "home-reviews": before.reviewVersion + 1 },
    });
    expect((await listFaqs("home")).map((row) => row.question)).toEqual(["Do you arrange visas?"]);
    expect((await listFaqs("contact")).map((row) => row.question)).toEqual(["Can we pay in instalments?", "Do you arrange visas?"]);
    expect(await db.$count(faqs)).toBe(2);
    // One transaction: the content version moved once.
    expect(await readContentVersion()).toBe(contentVersion + 1);
    expect((await listRevisions("home-cards", "home")).length).toBe(0);
    const kinds = (await listActivity({})).slice(0, 2).map((entry) => entry.kind);
    expect(kinds.sort()).toEqual(["home.faqs-updated", "home.reviews-updated"]);
  });

  it("one check for all: a document someone else saved meanwhile is refused with what changed and nothing is written; left as loaded, theirs stays", async () => {
    const loaded = await loadHomeLists();
    // Someone else saves the FAQ after this editor loaded the page.
    expect((await saveHomeDocuments([{ type: "home-faqs", input: faqList.slice(1), expectedVersion: loaded.faqVersion }], ctx())).ok).toBe(true);
    const review = { name: "Ravi", location: "", comment: "Lovely.", rating: 4 };

    // This editor changed the FAQ too, and a review: refused, and the review is not saved either.
    const refused = await saveHomeDocuments(
      [
        {
          type: "home-faqs",
          input: [...faqList, { question: "Is travel insurance included?", answer: "No.", pages: "both" }],
          expectedVersion: loaded.faqVersion,
        },
        { type: "home-reviews", input: [review], expectedVersion: loaded.reviewVersion },
      ],
      ctx(),
    );
    expect(refused.ok).toBe(false);
    expect(refused.ok === false && refused.conflicts?.map((conflict) => [conflict.type, conflict.version, conflict.baseVersion])).toEqual([
      ["home-faqs", loaded.faqVersion + 1, loaded.faqVersion],
    ]);
    expect((await loadHomeLists()).reviews.map((row) => row.name)).toEqual(["Farah Khan"]);

    // This editor left the FAQ as loaded: the review is saved and the other editor's FAQ stays.
    const saved = await saveHomeDocuments(
      [
        { type: "home-faqs", input: loaded.faqs, expectedVersion: loaded.faqVersion },
        { type: "home-reviews", input: [review], expectedVersion: loaded.reviewVersion },
      ],
      ctx(),
    );
    expect(saved).toMatchObject({ ok: true, saved: ["home-reviews"] });
    expect((await listFaqs("contact")).map((row) => row.question)).toEqual(["Do you arrange visas?"]);
  });
});
