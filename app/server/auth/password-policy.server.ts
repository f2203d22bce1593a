import commonPasswords from "./common-passwords.json";

/**
 * The password policy (OWASP ASVS 4.0 V2.1, NIST SP 800-63B; ADR 032): long
 * enough, not a common password, not the person's own name or e-mail. No
 * composition rules: spaces, any letters, a passphrase are all fine.
 *
 * `common-passwords.json` is the 10,000 most frequent passwords of the xato
 * 10-million list as @zxcvbn-ts/language-common ships it (MIT), lower-cased.
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

export const PASSWORD_RULES_TEXT = `At least ${PASSWORD_MIN} characters. Spaces are fine: a few unrelated words make a good one.`;

let common: Set<string> | undefined;
const commonSet = () => (common ??= new Set(commonPasswords as string[]));

/** Who the password is for: it may not contain their e-mail address or name. */
export type PasswordOwner = { email?: string | null; name?: string | null };

const normalise = (text: string) => text.normalize("NFKC").toLowerCase();

/** "aaaaaaaaaaaa", "abcabcabcabc", "121212121212": one short unit, repeated. */
function isRepetition(text: string): boolean {
  for (let unit = 1; unit <= 4; unit++) {
    if (
      text.length >= unit * 3 &&
      text ===
        text
          .slice(0, unit)
          .repeat(Math.ceil(text.length / unit))
          .slice(0, text.length)
    )
      return true;
  }
  return false;
}

/** "123456789012", "abcdefghijkl", "9876543210987": each character one step from the last. */
function isSequence(text: string): boolean {
  if (text.length < 4) return false;
  const step = (a: string, b: string) => {
    const diff = b.charCodeAt(0) - a.charCodeAt(0);
    return diff === 1 || diff === -1 || (a === "9" && b === "0") || (a === "0" && b === "9");
  };
  for (let i = 1; i < text.length; i++) if (!step(text[i - 1]!, text[i]!)) return false;
  return true;
}

/** The password as the common list would have it: lower-case, and without the digits and symbols people add around a word. */
function commonForms(password: string): string[] {
  const lower = normalise(password);
  const compact = lower.replace(/\s+/g, "");
  const core = compact.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  return [lower, compact, ...(core.length >= 4 ? [core] : [])];
}

/** Why a password is refused, in words for the person choosing it; null when it is fine. */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | null {
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  const compact = normalise(password).replace(/\s+/g, "");
  if (compact.length === 0) return "A password cannot be only spaces.";
  if (commonForms(password).some((form) => commonSet().has(form)) || isRepetition(compact) || isSequence(compact)) {
    return "This password is too easy to guess: it is one of the most common ones. Choose another.";
  }
  const email = normalise(owner.email ?? "").trim();
  const local = email.split("@")[0] ?? "";
  const name = normalise(owner.name ?? "").replace(/\s+/g, "");
  const personal = [email, local.length >= 4 ? local : "", name.length >= 4 ? name : ""].filter(Boolean);
  if (personal.some((part) => compact.includes(part.replace(/\s+/g, "")))) {
    return "Do not use your name or e-mail address in your password.";
  }
  return null;
}
