/** Words per minute of an unhurried reader of an illustrated travel article. */
const WORDS_PER_MINUTE = 200;

const ENTITIES: Record<string, string> = { "&nbsp;": " ", "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** The visible words of an HTML fragment (tags, scripts and styles removed). Isomorphic, no DOM needed. */
function countWords(html: string): number {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z]+;|&#\d+;/gi, (entity) => ENTITIES[entity.toLowerCase()] ?? " ");
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Reading time in whole minutes, at least 1 (kept free of Zod so the editor can show it as you type). */
export function readingMinutes(html: string): number {
  return Math.max(1, Math.ceil(countWords(html) / WORDS_PER_MINUTE));
}
