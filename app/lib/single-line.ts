/**
 * Folds line breaks (CR, LF, NEL, U+2028, U+2029, VT, FF) and other control
 * characters into single spaces: a name, a phone number or an e-mail address is
 * one line, so one typed with a line break cannot add lines to an e-mail body,
 * a log line or a spreadsheet row.
 */
export function singleLine(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, " ")
      .replace(/ {2,}/g, " ")
      .trim()
  );
}

/** For `z.preprocess`: strings folded to one line, anything else left for the schema to judge. */
export const toSingleLine = (value: unknown) => (typeof value === "string" ? singleLine(value) : value);
