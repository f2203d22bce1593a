/**
 * India's states and union territories with their GST state codes (the first
 * two digits of a GSTIN, and the code printed beside the state on every tax
 * document; ADR 092). One list for the forms' state pickers, the GSTIN check
 * and the documents. `secondTax` is the tax charged beside CGST inside the
 * territory: SGST in a state or a union territory with a legislature (Delhi,
 * Puducherry, Jammu and Kashmir), UTGST in the others.
 */
export type IndianState = {
  /** Two digits, "27". */
  code: string;
  name: string;
  kind: "state" | "union territory" | "other";
  secondTax: "SGST" | "UTGST";
};

const state = (code: string, name: string): IndianState => ({ code, name, kind: "state", secondTax: "SGST" });
const territory = (code: string, name: string, secondTax: "SGST" | "UTGST"): IndianState => ({ code, name, kind: "union territory", secondTax });

/** In code order, as the GST portal lists them. */
export const INDIAN_STATES: readonly IndianState[] = [
  territory("01", "Jammu and Kashmir", "SGST"),
  state("02", "Himachal Pradesh"),
  state("03", "Punjab"),
  territory("04", "Chandigarh", "UTGST"),
  state("05", "Uttarakhand"),
  state("06", "Haryana"),
  territory("07", "Delhi", "SGST"),
  state("08", "Rajasthan"),
  state("09", "Uttar Pradesh"),
  state("10", "Bihar"),
  state("11", "Sikkim"),
  state("12", "Arunachal Pradesh"),
  state("13", "Nagaland"),
  state("14", "Manipur"),
  state("15", "Mizoram"),
  state("16", "Tripura"),
  state("17", "Meghalaya"),
  state("18", "Assam"),
  state("19", "West Bengal"),
  state("20", "Jharkhand"),
  state("21", "Odisha"),
  state("22", "Chhattisgarh"),
  state("23", "Madhya Pradesh"),
  state("24", "Gujarat"),
  // 25 was Daman and Diu until the merger of 26 January 2020.
  territory("26", "Dadra and Nagar Haveli and Daman and Diu", "UTGST"),
  state("27", "Maharashtra"),
  // 28 was Andhra Pradesh before its division; it now uses 37.
  state("29", "Karnataka"),
  state("30", "Goa"),
  territory("31", "Lakshadweep", "UTGST"),
  state("32", "Kerala"),
  state("33", "Tamil Nadu"),
  territory("34", "Puducherry", "SGST"),
  territory("35", "Andaman and Nicobar Islands", "UTGST"),
  state("36", "Telangana"),
  state("37", "Andhra Pradesh"),
  territory("38", "Ladakh", "UTGST"),
  { code: "97", name: "Other Territory", kind: "other", secondTax: "UTGST" },
];

const byCode = new Map(INDIAN_STATES.map((entry) => [entry.code, entry]));

/** The state or territory with this GST code, or null. */
export function stateByCode(code: string): IndianState | null {
  return byCode.get(code) ?? null;
}

/** "Maharashtra (27)": how a document names a state. */
export function stateLabel(code: string): string {
  const entry = stateByCode(code);
  return entry ? `${entry.name} (${entry.code})` : code;
}
