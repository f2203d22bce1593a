import { describe, expect, it } from "vitest";
import { INDIAN_STATES, stateByCode, stateLabel } from "./indian-states";
import { checkGstin, checkPan, gstinCheckCharacter } from "./tax-ids";

// GSTINs published in public documents: an advance ruling of the Rajasthan AAR (2020, a tour
// operator in Jaipur), the GST portal's worked example, and a Bengaluru company's.
const PUBLISHED = [
  ["08AAJFC6249G1ZA", "08", "AAJFC6249G"],
  ["27AAPFU0939F1ZV", "27", "AAPFU0939F"],
  ["29AAGCB7383J1Z4", "29", "AAGCB7383J"],
] as const;

describe("checkGstin", () => {
  it.each(PUBLISHED)("takes %s (state %s, PAN %s)", (gstin, stateCode, pan) => {
    expect(checkGstin(gstin)).toEqual({ ok: true, gstin, stateCode, pan });
  });

  it("reads one typed in lower case or in groups", () => {
    expect(checkGstin(" 27aapfu0939f1zv ")).toMatchObject({ ok: true, gstin: "27AAPFU0939F1ZV" });
    expect(checkGstin("27 AAPFU 0939F 1ZV")).toMatchObject({ ok: true, gstin: "27AAPFU0939F1ZV" });
  });

  it.each([
    ["27AAPFU0939F1Z", "A GSTIN has 15 characters; this has 14."],
    ["27AAPFU0939F1ZVV", "A GSTIN has 15 characters; this has 16."],
    ["", "A GSTIN has 15 characters; this has 0."],
    ["27AAPFU0939F1YV", "A GSTIN is the 2-digit state code, the 10-character PAN, a character, Z and a check character, like 27ABCPK1234F1Z5."],
    ["27AAPFU0939F0ZV", "A GSTIN is the 2-digit state code, the 10-character PAN, a character, Z and a check character, like 27ABCPK1234F1Z5."],
    ["2XAAPFU0939F1ZV", "A GSTIN is the 2-digit state code, the 10-character PAN, a character, Z and a check character, like 27ABCPK1234F1Z5."],
    ["27AAP#U0939F1ZV", "A GSTIN is the 2-digit state code, the 10-character PAN, a character, Z and a check character, like 27ABCPK1234F1Z5."],
    ["00AAPFU0939F1ZV", "A GSTIN starts with its state's code; 00 is not a GST state code."],
    ["25AAPFU0939F1ZV", "A GSTIN starts with its state's code; 25 is not a GST state code."],
    ["28AAPFU0939F1ZV", "A GSTIN starts with its state's code; 28 is not a GST state code."],
    ["40AAPFU0939F1ZV", "A GSTIN starts with its state's code; 40 is not a GST state code."],
    [
      "27AAPXU0939F1ZV",
      'Characters 3 to 12 of a GSTIN are the holder\'s PAN: The 4th character of a PAN says who holds it (P for a person, C for a company …); "X" is not one of them.',
    ],
    ["27AAP1U0939F1ZV", "Characters 3 to 12 of a GSTIN are the holder's PAN: A PAN is five letters, four digits and a letter, like ABCPK1234F."],
    // One character mistyped, two swapped, the wrong check character: each changes the check.
    ["27AAPFU0939F1ZW", "Its check character does not match: one of the characters is mistyped."],
    ["27AAPFU0938F1ZV", "Its check character does not match: one of the characters is mistyped."],
    ["27AAPFU9039F1ZV", "Its check character does not match: one of the characters is mistyped."],
    ["08AAJFC6249G2ZA", "Its check character does not match: one of the characters is mistyped."],
    ["09AAJFC6249G1ZA", "Its check character does not match: one of the characters is mistyped."],
  ])("refuses %s", (gstin, message) => expect(checkGstin(gstin)).toEqual({ ok: false, message }));

  it("computes the check character as the GST Network does (worked by hand for 27AAPFU0939F1Z)", () => {
    // Values 2,7,10,10,25,15,30,0,9,3,9,15,1,35 times 1,2,1,2…: 2,14,10,20,25,30,30,0,9,6,9,30,1,70;
    // 70 is 1×36+34, so it counts 1+34 = 35. Sum 221 = 6×36+5; 36−5 = 31, the character V.
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(() => gstinCheckCharacter("27AAPFU0939F1*")).toThrow("Not a GSTIN character: *");
  });
});

describe("checkPan", () => {
  it.each([
    ["ABCPK1234F", "Individual"],
    ["AAACB1234C", "Company"],
    ["AAAHS1234L", "Hindu undivided family"],
    ["AAJFC6249G", "Firm or LLP"],
    ["AAAAT1234Q", "Association of persons"],
    ["AAATR1234M", "Trust"],
    ["AAABS1234J", "Body of individuals"],
    ["AAALM1234E", "Local authority"],
    ["AAAJU1234K", "Artificial juridical person"],
    ["AAAGM1234N", "Government"],
  ])("takes %s as held by: %s", (pan, holder) => expect(checkPan(pan)).toEqual({ ok: true, pan, holder }));

  it("reads one typed in lower case with spaces", () => expect(checkPan(" abcpk 1234f")).toMatchObject({ ok: true, pan: "ABCPK1234F" }));

  it.each([
    ["ABCPK1234", "A PAN has 10 characters; this has 9."],
    ["ABCPK12345F", "A PAN has 10 characters; this has 11."],
    ["ABCP11234F", "A PAN is five letters, four digits and a letter, like ABCPK1234F."],
    ["ABCPKX234F", "A PAN is five letters, four digits and a letter, like ABCPK1234F."],
    ["ABCPK12345", "A PAN is five letters, four digits and a letter, like ABCPK1234F."],
    ["ABCXK1234F", 'The 4th character of a PAN says who holds it (P for a person, C for a company …); "X" is not one of them.'],
    ["ABCEK1234F", 'The 4th character of a PAN says who holds it (P for a person, C for a company …); "E" is not one of them.'],
  ])("refuses %s", (pan, message) => expect(checkPan(pan)).toEqual({ ok: false, message }));
});

describe("INDIAN_STATES", () => {
  it("has the 28 states, 8 union territories and Other Territory, each code once", () => {
    expect(INDIAN_STATES.filter((entry) => entry.kind === "state")).toHaveLength(28);
    expect(INDIAN_STATES.filter((entry) => entry.kind === "union territory")).toHaveLength(8);
    expect(new Set(INDIAN_STATES.map((entry) => entry.code)).size).toBe(INDIAN_STATES.length);
  });

  it("charges UTGST beside CGST only in union territories without a legislature", () => {
    expect(INDIAN_STATES.filter((entry) => entry.secondTax === "UTGST").map((entry) => entry.code)).toEqual(["04", "26", "31", "35", "38", "97"]);
    expect(stateByCode("07")).toEqual({ code: "07", name: "Delhi", kind: "union territory", secondTax: "SGST" });
  });

  it("names a state with its code, and knows no retired code", () => {
    expect(stateLabel("27")).toBe("Maharashtra (27)");
    expect(stateLabel("37")).toBe("Andhra Pradesh (37)");
    expect(stateByCode("25")).toBeNull();
    expect(stateByCode("28")).toBeNull();
  });
});
