/**
 * The home intro's highlighted words (ADR 044). The team marks them in the
 * text as ==word== (several words may share one pair); the public reveal
 * colours them green. Kept as marks in the text, not as word positions, so a
 * highlight follows its word when the sentence around it is edited.
 */
type IntroWord = { word: string; highlighted: boolean };

const MARK = "==";

/** The paragraph as words, each with whether it is highlighted. */
export function introWords(text: string): IntroWord[] {
  const words: IntroWord[] = [];
  let highlighted = false;
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const parts = token.split(MARK);
    // A word is highlighted when any of its letters sit inside a pair of marks.
    let word = "";
    let lit = false;
    parts.forEach((part, index) => {
      if (index > 0) highlighted = !highlighted;
      word += part;
      if (highlighted && /[\p{L}\p{N}]/u.test(part)) lit = true;
    });
    if (word) words.push({ word, highlighted: lit });
  }
  return words;
}

/** What the public page needs: the words without marks (one space apart) and the highlighted ones' positions. */
export type IntroReveal = { text: string; highlighted: number[] };

export function introReveal(text: string): IntroReveal {
  const words = introWords(text);
  return { text: words.map(({ word }) => word).join(" "), highlighted: words.flatMap(({ highlighted }, index) => (highlighted ? [index] : [])) };
}

/**
 * Marks or unmarks the selected part of the text: a selection that is already
 * all highlighted loses its marks, anything else gains them. The selection is
 * widened to whole words so a mark never splits one. Returns the new text and
 * the new selection.
 */
export function toggleHighlight(text: string, start: number, end: number): { text: string; start: number; end: number } {
  const isWordChar = (char: string | undefined) => char !== undefined && !/\s/.test(char);
  let from = Math.min(start, end);
  let to = Math.max(start, end);
  while (from > 0 && isWordChar(text[from - 1])) from -= 1;
  while (to < text.length && isWordChar(text[to])) to += 1;
  const selected = text.slice(from, to);
  if (!selected.trim()) return { text, start, end };
  const bare = selected.split(MARK).join("");
  const words = introWords(selected);
  const allLit = words.length > 0 && words.every((word) => word.highlighted) && selected.startsWith(MARK) && selected.endsWith(MARK);
  const replacement = allLit ? bare : `${MARK}${bare}${MARK}`;
  return { text: text.slice(0, from) + replacement + text.slice(to), start: from, end: from + replacement.length };
}
