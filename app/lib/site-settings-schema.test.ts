import { describe, expect, it } from "vitest";
import { reminderDaysSchema, siteSettingsInputSchema } from "./site-settings-schema";

const valid = {
  brandName: "Pravas",
  phonePrimary: "98450 12345",
  email: "hello@pravas.travel",
  whatsappNumber: "+91 98450 12345",
  whatsappMessage: "Hi Pravas!",
  whatsappPackageMessage: "Hi, I'm interested in {package}.",
  instagramUrl: "https://instagram.com/pravas",
  gstPercent: 5,
  gstLabel: "GST",
  tcsPercent: 20,
  tcsLabel: "TCS",
  leadPopupEnabled: "on",
  bookingHoldHours: "48",
};

describe("siteSettingsInputSchema", () => {
  it("stores phones in E.164 and the WhatsApp number as digits", () => {
    const parsed = siteSettingsInputSchema.parse(valid);
    expect(parsed).toMatchObject({ phonePrimary: "+919845012345", whatsappNumber: "919845012345", tcsPercent: 20, leadPopupEnabled: true });
  });

  it("refuses what the issue lists, field by field", () => {
    const result = siteSettingsInputSchema.safeParse({
      ...valid,
      phonePrimary: "12345",
      instagramUrl: "http://instagram.com/pravas",
      tcsPercent: 31,
      whatsappPackageMessage: "Hi there",
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(fields).toMatchObject({
      phonePrimary: expect.stringContaining("Indian number"),
      instagramUrl: "Enter a full address starting with https://",
      tcsPercent: "From 0 to 30%.",
      whatsappPackageMessage: "Keep {package} where the package's name goes.",
    });
  });

  it("takes the agency's UPI ID and payee name together, the ID in lower case; refuses a malformed ID or one without the other", () => {
    expect(siteSettingsInputSchema.parse({ ...valid, upiId: " Pravas.Tours@OKHDFCBANK ", upiPayeeName: "Pravas  Tours Pvt Ltd" })).toMatchObject({
      upiId: "pravas.tours@okhdfcbank",
      upiPayeeName: "Pravas Tours Pvt Ltd",
    });
    expect(siteSettingsInputSchema.parse(valid).upiId).toBeUndefined();
    const message = (values: Record<string, string>) =>
      Object.fromEntries(siteSettingsInputSchema.safeParse({ ...valid, ...values }).error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    for (const bad of ["pravas", "pravas@", "@okhdfcbank", "pravas@ok hdfc", "pravas@@okhdfcbank", "pravas@9bank"]) {
      expect(message({ upiId: bad, upiPayeeName: "Pravas" }), bad).toEqual({
        upiId: "Enter a UPI ID like pravas@okhdfcbank: a name, @ and the bank or app's handle.",
      });
    }
    expect(message({ upiId: "pravas@okhdfcbank" })).toEqual({ upiPayeeName: "Enter the name on the agency's UPI account: payers see it before they pay." });
    expect(message({ upiPayeeName: "Pravas" })).toEqual({ upiId: "Enter the agency's UPI ID, like pravas@okhdfcbank, or clear the payee name." });
  });
});

describe("reminder days (Settings → Payments, issue 46)", () => {
  it("reads days before a due date, the earliest reminder first, none twice; empty is none; refuses 0, 61, words and a fifth day", () => {
    expect(reminderDaysSchema.parse("7, 1")).toEqual([7, 1]);
    expect(reminderDaysSchema.parse(" 1,7 7 ")).toEqual([7, 1]);
    expect(reminderDaysSchema.parse("")).toEqual([]);
    expect(reminderDaysSchema.parse(undefined)).toEqual([7, 1]);
    for (const bad of ["0", "61", "seven", "7.5", "-1"]) expect(reminderDaysSchema.safeParse(bad).success, bad).toBe(false);
    expect(reminderDaysSchema.safeParse("1, 2, 3, 4, 5").error?.issues[0]?.message).toBe("At most 4 reminders before each due date.");
  });
});
