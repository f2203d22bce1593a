import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteSettingsInputSchema } from "~/lib/site-settings-schema";
import { listActivity } from "~/server/activity/activity.server";
import { getAuth, resetAuthForTests } from "~/server/auth/auth.server";
import type { Viewer } from "~/server/auth/guard.server";
import { readContentVersion } from "~/server/cache/content-version.server";
import { listRevisions } from "~/server/content/revisions.server";
import type { Db } from "~/server/db/db.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { tcsRuleInput } from "../../../tests/support/overseas-booking";
import { faqs } from "~/server/db/schema.server";
import { listFaqs } from "~/server/home/home-queries.server";
import { loadHomeLists, saveHomeDocuments } from "~/server/home/home-content.server";
import { getSiteSettings, getStoredSiteSettings, getTaxRates } from "./settings.server";
import { updateSiteSettings } from "./settings-mutations.server";
import { businessSettingsSchema } from "~/lib/business-settings-schema";
import { loadTaxRules } from "~/server/tax/tax-store.server";
import { tcsRuleOn } from "~/server/tax/tax-rules.server";
import { addTaxRule, taxRuleGroups, withdrawTaxRule } from "~/server/tax/tax-rules-admin.server";
import { updateBusinessSettings } from "./business-settings.server";

let db: Db;
let viewer: Viewer;
const ctx = () => ({ viewer, ip: "10.0.0.8" });

beforeAll(async () => {
  resetAuthForTests();
  db = await openTestDatabase({ seeded: true });
  const { user } = await getAuth().api.createUser({
    body: {
      email: "asha@example.com",
      password: "asha-password-12",
      name: "Asha",
      role: "admin",
    },
  });
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
    const result = await updateSiteSettings(form(), ctx(), {
      expectedVersion: before.revision,
    });
    expect(result.ok).toBe(true);
    const stored = await getStoredSiteSettings();
    expect(stored).toMatchObject({
      phonePrimary: "+919845012345",
      whatsappNumber: "919845012345",
      tcsPercent: 20,
      revision: before.revision + 1,
    });
    expect((await getSiteSettings()).phonePrimary).toBe("+91 98450 12345");
    // The note's rates are the tax rules in force (issue 47), not the settings' old columns: 2% TCS from 1 April 2026.
    expect(await getTaxRates(new Date("2026-11-29T06:00:00Z"))).toEqual({
      gstPercent: 5,
      serviceChargeGstPercent: 18,
      gstLabel: "GST",
      tcsPercent: 2,
      tcsLabel: "TCS",
    });
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
    expect(revision!.changes).toContainEqual({
      field: "upiId",
      label: "UPI ID",
      from: "",
      to: "pravas@okhdfcbank",
    });
    expect(await updateSiteSettings(form(), ctx())).toMatchObject({
      ok: true,
      row: { upiId: null, upiPayeeName: null },
    });
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
    {
      question: "Can we pay in instalments?",
      answer: "Yes.",
      pages: "contact" as const,
    },
    {
      question: "Do you arrange visas?",
      answer: "We guide you.",
      pages: "both" as const,
    },
  ];

  it("saves every changed document of the home screen in one write, each with its revision and activity, and skips one sent as stored", async () => {
    const before = await loadHomeLists();
    const contentVersion = await readContentVersion();
    const review = {
      name: "Farah Khan",
      location: "Pune",
      comment: "Calm and well planned.",
      rating: 5,
    };
    const result = await saveHomeDocuments(
      [
        {
          type: "home-faqs",
          input: faqList,
          expectedVersion: before.faqVersion,
        },
        {
          type: "home-reviews",
          input: [review],
          expectedVersion: before.reviewVersion,
        },
        {
          type: "home-cards",
          input: before.cards as never,
          expectedVersion: before.cardsVersion,
        },
      ],
      ctx(),
    );
    expect(result).toEqual({
      ok: true,
      saved: ["home-faqs", "home-reviews"],
      versions: {
        "home-faqs": before.faqVersion + 1,
        "home-reviews": before.reviewVersion + 1,
      },
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
    expect(
      (
        await saveHomeDocuments(
          [
            {
              type: "home-faqs",
              input: faqList.slice(1),
              expectedVersion: loaded.faqVersion,
            },
          ],
          ctx(),
        )
      ).ok,
    ).toBe(true);
    const review = {
      name: "Ravi",
      location: "",
      comment: "Lovely.",
      rating: 4,
    };

    // This editor changed the FAQ too, and a review: refused, and the review is not saved either.
    const refused = await saveHomeDocuments(
      [
        {
          type: "home-faqs",
          input: [
            ...faqList,
            {
              question: "Is travel insurance included?",
              answer: "No.",
              pages: "both",
            },
          ],
          expectedVersion: loaded.faqVersion,
        },
        {
          type: "home-reviews",
          input: [review],
          expectedVersion: loaded.reviewVersion,
        },
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
        {
          type: "home-faqs",
          input: loaded.faqs,
          expectedVersion: loaded.faqVersion,
        },
        {
          type: "home-reviews",
          input: [review],
          expectedVersion: loaded.reviewVersion,
        },
      ],
      ctx(),
    );
    expect(saved).toMatchObject({ ok: true, saved: ["home-reviews"] });
    expect((await listFaqs("contact")).map((row) => row.question)).toEqual(["Do you arrange visas?"]);
  });
});

describe("Settings → Business and tax (issue 47)", () => {
  it("saves the agency's details as one settings write: normalised GSTIN and PAN, a revision naming them, the activity entry", async () => {
    const before = await getStoredSiteSettings();
    const input = businessSettingsSchema.parse({
      businessLegalName: "Pravas Holidays Private Limited",
      businessAddress: "Office 4, Prabhat Road\nPune 411004",
      businessStateCode: "27",
      gstin: "27aapfu0939f1zv",
      pan: "AAPFU0939F",
      invoicePrefix: "prv",
      receiptVoucherPrefix: "RV",
      paymentReceiptPrefix: "RC",
      refundVoucherPrefix: "RF",
      creditNotePrefix: "CN",
      overseasPlaceOfSupply: "agency",
    });
    expect(
      await updateBusinessSettings(input, ctx(), {
        expectedVersion: before.revision,
      }),
    ).toMatchObject({
      ok: true,
      row: {
        gstin: "27AAPFU0939F1ZV",
        businessStateCode: "27",
        invoicePrefix: "PRV",
        overseasPlaceOfSupply: "agency",
        autoReceiptVouchers: false,
        brandName: before.brandName,
      },
    });
    const [revision] = await listRevisions("site-settings", "site");
    expect(revision!.changes).toContainEqual({
      field: "gstin",
      label: "GSTIN",
      from: "",
      to: "27AAPFU0939F1ZV",
    });
    expect((await listActivity({ kind: "settings.business-updated" }))[0]).toMatchObject({ userId: viewer.id });
    // A save from a screen loaded before it is refused, as on Site settings.
    expect(
      await updateBusinessSettings(input, ctx(), {
        expectedVersion: before.revision,
      }),
    ).toMatchObject({ ok: false });
  });

  const tcsRule = (overrides: Record<string, string>) => tcsRuleInput({ effectiveFrom: "", rate: "1", ...overrides });
  const istNoon = (date: string) => new Date(`${date}T12:00:00+05:30`);

  it("a rule added with a later date is not used before it: the documents' engine and the price note both keep the old rule until that day", async () => {
    const version = await readContentVersion(db);
    const added = await addTaxRule(tcsRule({ effectiveFrom: "2027-04-01" }), ctx());
    expect(added.ok).toBe(true);
    const rules = await loadTaxRules(db);
    expect(tcsRuleOn(rules, "2027-03-31").id).toBe("tcs-2026-04-01");
    expect(tcsRuleOn(rules, "2027-04-01")).toMatchObject({
      slabs: [{ upTo: null, rateBps: 100 }],
      section: "s. 394, Income-tax Act 2025",
    });
    expect((await getTaxRates(istNoon("2027-03-31"))).tcsPercent).toBe(2);
    expect((await getTaxRates(new Date("2027-03-31T18:30:00Z"))).tcsPercent).toBe(1); // 1 April, 00:00 in India
    expect(await readContentVersion(db)).toBeGreaterThan(version);
    expect((await listActivity({ kind: "tax-rule.added" }))[0]).toMatchObject({
      userId: viewer.id,
      subjectLabel: "TCS, overseas tour packages from 2027-04-01",
    });

    const groups = await taxRuleGroups(db, "2026-11-29");
    const tcs = groups.find((group) => group.kind === "tcs")!;
    expect(tcs.rules.map((rule) => [rule.effectiveFrom, rule.status])).toEqual([
      ["2027-04-01", "coming"],
      ["2026-04-01", "in-force"],
      ["2025-04-01", "past"],
      ["2023-10-01", "past"],
      ["2020-10-01", "past"],
    ]);
    expect(tcs.rules[2]!.figures[0]).toBe("5% of a traveller's first ₹10,00,000 in a financial year; 20% above that");
    expect(tcs.start).toMatchObject({
      rate: "2",
      threshold: "",
      withoutPanAtLeast: "5",
      section: "s. 394, Income-tax Act 2025 (formerly s. 206C(1G))",
    });
  });

  it("refuses a second rule of a kind on the same date; withdraws one entered by mistake, kept and marked; never the last of a kind", async () => {
    expect(await addTaxRule(tcsRule({ effectiveFrom: "2027-04-01", rate: "3" }), ctx())).toEqual({
      ok: false,
      field: "effectiveFrom",
      message: "A rule of this kind already takes effect on that date. If it is wrong, withdraw it first, then add the right one.",
    });
    const coming = (await taxRuleGroups(db, "2026-11-29")).find((group) => group.kind === "tcs")!.rules[0]!;
    expect(await withdrawTaxRule(coming.id, "Typed 1% instead of 2%", ctx(), new Date("2026-11-29T06:00:00Z"))).toEqual({
      ok: true,
      id: coming.id,
      reworksOpenBookings: false,
    });
    expect(tcsRuleOn(await loadTaxRules(db), "2027-04-01").id).toBe("tcs-2026-04-01");
    const after = (await taxRuleGroups(db, "2026-11-29")).find((group) => group.kind === "tcs")!.rules[0]!;
    expect(after).toMatchObject({
      id: coming.id,
      status: "withdrawn",
      withdrawn: { by: "Asha", reason: "Typed 1% instead of 2%" },
    });
    expect((await listActivity({ kind: "tax-rule.withdrawn" }))[0]).toMatchObject({ userId: viewer.id });
    expect(await withdrawTaxRule(coming.id, "Again", ctx())).toMatchObject({
      ok: false,
      message: "That rule was already withdrawn.",
    });
    expect(await withdrawTaxRule("gst-service-charge-2017-07-01", "Mistake", ctx())).toEqual({
      ok: false,
      field: "ruleId",
      message: "This is the only GST, on a service charge rule: add the right one first, then withdraw this one.",
    });
  });
});
