import { describe, expect, it } from "vitest";
import { detailLabel, missingDetails } from "./traveller-details";

describe("what the trip page asks of a traveller", () => {
  it("asks the name as on the passport abroad, and as on a photo ID within India", () => {
    expect(detailLabel("passportName", true)).toBe("Full name as on the passport");
    expect(detailLabel("passportName", false)).toBe("Full name as on a photo ID");
    expect(detailLabel("dateOfBirth", false)).toBe("Date of birth");
  });

  it("chases the passport's number and dates only on a trip abroad, never food, medical notes or the PAN", () => {
    const given = { passportName: "MEERA RAO", dateOfBirth: "1990-04-12", emergencyContact: "" };
    expect(missingDetails(given, false)).toEqual(["emergencyContact"]);
    expect(missingDetails(given, true)).toEqual(["passportNumber", "passportIssuedOn", "passportExpiresOn", "emergencyContact"]);
    expect(missingDetails(undefined, false).map((field) => detailLabel(field, false))).toEqual([
      "Full name as on a photo ID",
      "Date of birth",
      "Emergency contact (name and phone)",
    ]);
  });
});
