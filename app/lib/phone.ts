/**
 * Phone numbers as the agency's settings keep them (ADR 041): E.164 in the
 * database ("+919845012345"), shown as "+91 98450 12345". An Indian number
 * may be typed with or without +91 or a leading 0; any other country's
 * number needs its + and country code.
 */

export const PHONE_MESSAGE = "Enter an Indian number (10 digits) or an international one starting with + and the country code.";

/** E.164 for a typed number, or null when it is not one. */
export function toE164(typed: string): string | null {
  const trimmed = typed.trim();
  if (!/^[+\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) {
    if (digits.startsWith("91")) return digits.length === 12 && /^[1-9]/.test(digits.slice(2)) ? `+${digits}` : null;
    return digits.length >= 8 && digits.length <= 15 && !digits.startsWith("0") ? `+${digits}` : null;
  }
  const national =
    digits.length === 11 && digits.startsWith("0") ? digits.slice(1) : digits.length === 12 && digits.startsWith("91") ? digits.slice(2) : digits;
  return national.length === 10 && /^[1-9]/.test(national) ? `+91${national}` : null;
}

/** "+919845012345" → "+91 98450 12345"; another country's number → "+<digits>" as stored. */
export function formatPhone(e164: string): string {
  const match = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return match ? `+91 ${match[1]} ${match[2]}` : e164;
}
