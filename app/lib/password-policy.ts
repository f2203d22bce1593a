import commonPasswords from "./common-passwords.json";

/**
 * The password policy (OWASP ASVS 4.0 V2.1, NIST SP 800-63B; ADR 032, 086):
 * long enough, not a common password or the site's name, not a repeat, not
 * the person's own name or e-mail. No composition rules: spaces, any letters,
 * a passphrase are all fine.
 *
 * Isomorphic on purpose: the server decides with `passwordProblem`, and the
 * back office's strength meter loads this same module (lazily, with its
 * list) to say the same thing while the person types.
 *
 * `common-passwords.json` is the 10,000 most frequent passwords of the xato
 * 10-million list as @zxcvbn-ts/language-common ships it (MIT), lower-cased.
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

export const PASSWORD_RULES_TEXT = `At least ${PASSWORD_MIN} characters (spaces in a row count as one). Spaces are fine: a few unrelated words make a good one.`;

/** The site's own name: as guessable here as "password" (ASVS 2.1.7's context-specific words). */
const SITE_WORDS = ["pravas", "pravastravel", "pravastravels", "pravasadmin", "pravasbackoffice"];

let banned: Set<string> | undefined;
const bannedSet = () => (banned ??= new Set([...(commonPasswords as string[]), ...SITE_WORDS]));

/** Who the password is for: it may not contain their e-mail address or name. */
export type PasswordOwner = { email?: string | null; name?: string | null };

const normalise = (text: string) => text.normalize("NFKC").toLowerCase();

/** The length that counts: runs of spaces are one space, and spaces at either end count for nothing. */
export function countedLength(password: string): number {
  return [...password.replace(/\s+/g, " ").trim()].length;
}

/**
 * "aaaaaaaaaaaa", "abcabcabcabc", "passwordpassword", "abcdefabcdef": the
 * whole (spaces left out) is one unit said two or more times, perhaps with
 * a stub of it at the end.
 */
function isRepetition(text: string): boolean {
  const chars = [...text];
  for (let unit = 1; unit * 2 <= chars.length; unit++) {
    if (chars.every((char, i) => char === chars[i % unit])) return true;
  }
  return false;
}

/**
 * What is left once a chunk said three or more times in a row ("aaa",
 * "ababab"), or twice when that makes 8 characters ("passwordpassword"), is
 * said once. Words keep their doubles: "Coffee", "banana", "Mississippi".
 */
function withoutRepeats(text: string): string {
  return text.replace(/(.+?)\1+/gsu, (whole: string, unit: string) => {
    const times = whole.length / unit.length;
    return times >= 3 || [...whole].length >= 8 ? unit : whole;
  });
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

const TOO_EASY = "This password is too easy to guess: it is one of the most common ones, or this site's name. Choose another.";
const REPEATS = "This password is too easy to guess: it repeats itself. Choose another.";

/** Why a password is refused, in words for the person choosing it; null when it is fine. */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | null {
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  const compact = normalise(password).replace(/\s+/g, "");
  if (password.length >= PASSWORD_MIN && compact.length === 0) return "A password cannot be only spaces.";
  if (countedLength(password) < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters (spaces in a row count as one).`;
  const forms = commonForms(password);
  if (forms.some((form) => bannedSet().has(form)) || isSequence(compact)) return TOO_EASY;
  if (forms.some((form) => isRepetition(form.replace(/\s+/g, ""))) || countedLength(withoutRepeats(password)) < PASSWORD_MIN) return REPEATS;
  const email = normalise(owner.email ?? "").trim();
  const local = email.split("@")[0] ?? "";
  const name = normalise(owner.name ?? "").replace(/\s+/g, "");
  const personal = [email, local.length >= 4 ? local : "", name.length >= 4 ? name : ""].filter(Boolean);
  if (personal.some((part) => compact.includes(part.replace(/\s+/g, "")))) {
    return "Do not use your name or e-mail address in your password.";
  }
  return null;
}
