import { stateByCode } from "./indian-states";

/**
 * The two tax identifiers on Indian tax documents (ADR 092), checked as far as
 * can be done without asking the tax department: their shape, the PAN holder
 * type, the GSTIN's state code and its check character.
 */

/** The 4th character of a PAN: who holds it (Income Tax Department's PAN structure). LLPs hold F. */
export const PAN_HOLDER_TYPES = {
  P: "Individual",
  C: "Company",
  H: "Hindu undivided family",
  F: "Firm or LLP",
  A: "Association of persons",
  T: "Trust",
  B: "Body of individuals",
  L: "Local authority",
  J: "Artificial juridical person",
  G: "Government",
} as const;

export type PanHolderType = (typeof PAN_HOLDER_TYPES)[keyof typeof PAN_HOLDER_TYPES];

export type PanCheck = { ok: true; pan: string; holder: PanHolderType } | { ok: false; message: string };
export type GstinCheck = { ok: true; gstin: string; stateCode: string; pan: string } | { ok: false; message: string };

/** Upper case, with the spaces people type in groups taken out. */
const normalize = (value: string) => value.replace(/[\s-]/g, "").toUpperCase();

/** A PAN: five letters (the 4th the holder type), four digits, a letter. Its last letter's algorithm is not public, so it is not checked. */
export function checkPan(value: string): PanCheck {
  const pan = normalize(value);
  if (pan.length !== 10) return { ok: false, message: `A PAN has 10 characters; this has ${pan.length}.` };
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(pan)) return { ok: false, message: "A PAN is five letters, four digits and a letter, like ABCPK1234F." };
  const holder = PAN_HOLDER_TYPES[pan[3] as keyof typeof PAN_HOLDER_TYPES];
  if (!holder)
    return { ok: false, message: `The 4th character of a PAN says who holds it (P for a person, C for a company …); "${pan[3]}" is not one of them.` };
  return { ok: true, pan, holder };
}

const CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * The check character of the first 14 characters of a GSTIN (the GST Network's
 * Luhn mod 36): each character's value (0–9, A=10 … Z=35) times 1 and 2 in
 * turn from the left, each product's base-36 digits added, and the character
 * that brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index++) {
    const value = CHARACTERS.indexOf(first14[index] ?? "");
    if (value < 0) throw new Error(`Not a GSTIN character: ${first14[index]}`);
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS[(36 - (sum % 36)) % 36]!;
}

/**
 * A regular taxpayer's GSTIN: the state code, the holder's PAN, the number of
 * the registration in that state (1–9, then A–Z), Z, and the check character.
 * (Other registrations, for embassies, tax deductors and foreign online
 * services, have other shapes and are not taken here.)
 */
export function checkGstin(value: string): GstinCheck {
  const gstin = normalize(value);
  if (gstin.length !== 15) return { ok: false, message: `A GSTIN has 15 characters; this has ${gstin.length}.` };
  if (!/^[0-9]{2}[A-Z0-9]{10}[1-9A-Z]Z[0-9A-Z]$/.test(gstin)) {
    return { ok: false, message: "A GSTIN is the 2-digit state code, the 10-character PAN, a character, Z and a check character, like 27ABCPK1234F1Z5." };
  }
  const stateCode = gstin.slice(0, 2);
  const state = stateByCode(stateCode);
  if (!state) return { ok: false, message: `A GSTIN starts with its state's code; ${stateCode} is not a GST state code.` };
  const pan = checkPan(gstin.slice(2, 12));
  if (!pan.ok) return { ok: false, message: `Characters 3 to 12 of a GSTIN are the holder's PAN: ${pan.message}` };
  if (gstinCheckCharacter(gstin) !== gstin[14]) {
    return { ok: false, message: "Its check character does not match: one of the characters is mistyped." };
  }
  return { ok: true, gstin, stateCode, pan: pan.pan };
}
