/**
 * Would the visual editor drop part of a post? The editor parses HTML into
 * its schema and writes it back; whatever the schema has no place for (a
 * table, a figure, a link around an image…) silently disappears on the next
 * save. This compares the HTML a post holds with the HTML the editor writes
 * for it, by what a reader would miss — elements, the attributes that carry
 * meaning, and the words — not by markup the editor merely tidies (a <b> that
 * becomes <strong>, a list item wrapped in a paragraph).
 */

/** An element or a run of text, independent of any DOM implementation (the browser's, or htmlparser2's in tests). */
export type HtmlNode = string | { tag: string; attrs: Record<string, string>; children: HtmlNode[] };

/** Tags the editor writes differently but means the same. */
const SAME_AS: Record<string, string> = { b: "strong", i: "em", strike: "s", del: "s" };

/** Attributes that carry content; others (rel, target, loading, class) are the editor's or the sanitizer's to set. */
const MEANINGFUL_ATTRS: Record<string, string[]> = {
  a: ["href", "title"],
  img: ["src", "alt", "width", "height"],
  th: ["scope"],
};

/** What an author would call each thing, for the notice ("This post contains a table…"). */
const LABELS: Record<string, string> = {
  table: "a table",
  thead: "a table",
  tbody: "a table",
  tfoot: "a table",
  tr: "a table",
  th: "a table",
  td: "a table",
  caption: "a table",
  figure: "a figure",
  figcaption: "an image caption",
  a: "a link",
  img: "an image",
  h2: "a heading",
  h3: "a heading",
  h4: "a heading",
  h5: "a heading",
  h6: "a heading",
  strong: "bold text",
  em: "italic text",
  u: "underlined text",
  s: "struck-through text",
  code: "inline code",
  pre: "a code block",
  hr: "a divider",
  blockquote: "a quote",
  ul: "a list",
  ol: "a list",
  li: "a list",
  br: "a line break",
};

type Summary = { signatures: Map<string, { count: number; tag: string }>; text: string };

function summarize(nodes: HtmlNode[]): Summary {
  const signatures = new Map<string, { count: number; tag: string }>();
  let text = "";
  const walk = (list: HtmlNode[], parent: string | null) => {
    list.forEach((node, index) => {
      if (typeof node === "string") {
        text += node;
        return;
      }
      const tag = SAME_AS[node.tag] ?? node.tag;
      const isTrailingBreak = tag === "br" && list.slice(index + 1).every((next) => typeof next === "string" && next.trim() === "");
      // Paragraphs are the editor's to split and add (a list item's text, a
      // quote's); a code block is always written <pre><code>; a last <br> in a block shows nothing.
      const ignored = tag === "p" || (tag === "code" && parent === "pre") || isTrailingBreak;
      if (!ignored) {
        const attrs = (MEANINGFUL_ATTRS[tag] ?? []).map((name) => `${name}=${JSON.stringify(node.attrs[name] ?? "")}`);
        const signature = [tag, ...attrs].join(" ");
        const entry = signatures.get(signature) ?? { count: 0, tag };
        entry.count += 1;
        signatures.set(signature, entry);
      }
      walk(node.children, tag);
    });
  };
  walk(nodes, null);
  // Words only: the editor re-indents and collapses white space between blocks.
  return { signatures, text: text.replace(/\s+/g, "") };
}

/**
 * What a reader would miss if `edited` (the editor's HTML) replaced `source`
 * (the post's): one label per kind ("a table", "an image caption", "some of its
 * text"), in the order they first appear; empty when nothing is lost.
 */
export function contentLosses(source: HtmlNode[], edited: HtmlNode[]): string[] {
  const before = summarize(source);
  const after = summarize(edited);
  const labels = new Set<string>();
  for (const [signature, { count, tag }] of before.signatures) {
    if ((after.signatures.get(signature)?.count ?? 0) < count) labels.add(LABELS[tag] ?? `a <${tag}> element`);
  }
  if (before.text !== after.text) labels.add("some of its text");
  return [...labels];
}

/** "a table", "a table and a figure", "a table, a figure and a link". */
function joinLabels(labels: string[]): string {
  return labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

/** The notice above the HTML field when the visual editor would drop part of the post. */
export function lossNotice(labels: string[], again = false): string {
  return `This post ${again ? "still contains" : "contains"} ${joinLabels(labels)} that the visual editor cannot keep. Edit it as HTML to keep it.`;
}

/** The browser's parse of an HTML fragment as HtmlNodes (the editor runs only in the browser). */
function parseHtmlInBrowser(html: string): HtmlNode[] {
  const template = document.createElement("template");
  template.innerHTML = html;
  const convert = (node: Node): HtmlNode | null => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const element = node as Element;
    const attrs: Record<string, string> = {};
    for (const attribute of Array.from(element.attributes)) attrs[attribute.name] = attribute.value;
    return { tag: element.localName, attrs, children: convertAll(element.childNodes) };
  };
  const convertAll = (nodes: NodeListOf<ChildNode>): HtmlNode[] =>
    Array.from(nodes)
      .map(convert)
      .filter((node) => node !== null);
  return convertAll(template.content.childNodes);
}

/** What the visual editor would drop of `sourceHtml`, given the HTML it writes after loading it. */
export function editorLosses(sourceHtml: string, editorHtml: string): string[] {
  return contentLosses(parseHtmlInBrowser(sourceHtml), parseHtmlInBrowser(editorHtml));
}
