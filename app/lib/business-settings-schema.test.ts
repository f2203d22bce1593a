import { describe, expect, it } from "vitest";
import { businessSettingsSchema } from "./business-settings-schema";

const valid = {
  businessLegalName: "Pravas Holidays Private Limited",
  businessAddress: "12, MG Road\nPune 411001",
  businessStateCode: "27",
  gstin: " 27aapfu0939f1zv ",
  pan: "aapfu 0939f",
  invoicePrefix: "prv",
  receiptVoucherPrefix: "RV",
  paymentReceiptPrefix: "RC",
  refundVoucherPrefix: "RF",
  creditNotePrefix: "CN",
  overseasPlaceOfSupply: "traveller",
  autoReceiptVouchers: "on",
};

function errorsOf(input: Record<string, unknown>) {
  const result = businessSettingsSchema.safeParse(input);
  expect(result.success).toBe(false);
  return Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("businessSettingsSchema", () => {
  it("keeps a GSTIN and PAN in capitals without spaces, and the prefixes in capitals", () => {
    expect(businessSettingsSchema.parse(valid)).toEqual({
      businessLegalName: "Pravas Holidays Private Limited",
      businessAddress: "12, MG Road\nPune 411001",
      businessStateCode: "27",
      gstin: "27AAPFU0939F1ZV",
      pan: "AAPFU0939F",
      invoicePrefix: "PRV",
      receiptVoucherPrefix: "RV",
      paymentReceiptPrefix: "RC",
      refundVoucherPrefix: "RF",
      creditNotePrefix: "CN",
      overseasPlaceOfSupply: "traveller",
      autoReceiptVouchers: true,
    });
  });

  it("takes an agency not yet registered: no GSTIN, no PAN, automatic vouchers off", () => {
    const parsed = businessSettingsSchema.parse({
      ...valid,
      gstin: "",
      pan: " ",
      autoReceiptVouchers: undefined,
    });
    expect(parsed).toMatchObject({
      gstin: undefined,
      pan: undefined,
      autoReceiptVouchers: false,
    });
  });

  it("refuses a GSTIN whose check character is mistyped, in the words the admin reads", () => {
    expect(errorsOf({ ...valid, gstin: "27AAPFU0939F1ZW" })).toEqual({
      gstin: "Its check character does not match: one of the characters is mistyped.",
    });
  });

  it("refuses a GSTIN of another state than the address's", () => {
    // 29AAGCB7383J1Z4 is a Karnataka registration (a Bengaluru company's, printed in public documents).
    expect(errorsOf({ ...valid, gstin: "29AAGCB7383J1Z4", pan: "" })).toEqual({
      gstin: "This GSTIN is registered in Karnataka (29), but the address is in Maharashtra (27): a GSTIN belongs to one state. Check the state or the GSTIN.",
    });
  });

  it("refuses a bad PAN, and a PAN that is not the GSTIN's", () => {
    expect(errorsOf({ ...valid, pan: "AAPXU0939F" })).toEqual({
      pan: 'The 4th character of a PAN says who holds it (P for a person, C for a company …); "X" is not one of them.',
    });
    expect(errorsOf({ ...valid, pan: "ABCPK1234" })).toEqual({
      pan: "A PAN has 10 characters; this has 9.",
    });
    expect(errorsOf({ ...valid, pan: "ABCPK1234F" })).toEqual({
      pan: "Characters 3 to 12 of the GSTIN are the agency's PAN (AAPFU0939F); this PAN is another one.",
    });
  });

  it("refuses a GSTIN of the wrong length, a missing state, a prefix too long and two series with one prefix", () => {
    expect(
      errorsOf({
        ...valid,
        gstin: "27AAPFU0939F1Z",
        businessStateCode: "",
        businessLegalName: " ",
        invoicePrefix: "PRVX1",
        creditNotePrefix: "rv",
        overseasPlaceOfSupply: "x",
      }),
    ).toEqual({
      businessLegalName: "Enter the agency's legal name, as on its GST registration.",
      gstin: "A GSTIN has 15 characters; this has 14.",
      businessStateCode: "Choose the state the address is in.",
      invoicePrefix: "Use 1 to 4 capital letters or digits, like PRV: a number must fit in 16 characters.",
      overseasPlaceOfSupply: "Choose the place of supply for overseas tours.",
    });
    expect(errorsOf({ ...valid, creditNotePrefix: "rv" })).toEqual({
      creditNotePrefix: "Receipt vouchers already use RV: each series needs its own prefix, or two documents could get the same number.",
    });
  });
});
