import { type ChildNode, isTag, isText } from "domhandler";
import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { contentLosses, type HtmlNode, lossNotice } from "./editor-losses";

// The browser's parser is not available under Node; htmlparser2 (sanitize-html's) builds the same trees.
function parse(html: string): HtmlNode[] {
  const convert = (nodes: ChildNode[]): HtmlNode[] =>
    nodes.flatMap((node): HtmlNode[] => {
      if (isText(node)) return [node.data];
      if (isTag(node)) return [{ tag: node.name, attrs: { ...node.attribs }, children: convert(node.children) }];
      return [];
    });
  return convert(parseDocument(html).children);
}

const losses = (source: string, edited: string) => contentLosses(parse(source), parse(edited));

describe("contentLosses", () => {
  it("finds a table the editor turned into paragraphs", () => {
    const source = '<p>Prices:</p><table><thead><tr><th scope="col">Month</th></tr></thead><tbody><tr><td>May</td></tr></tbody></table>';
    // What StarterKit writes for it: the cells' words, without the table.
    expect(losses(source, "<p>Prices:</p><p>Month</p><p>May</p>")).toEqual(["a table"]);
  });

  it("finds a figure and its caption, and names them in the order they appear", () => {
    const source = '<figure><img src="/media/a.webp" alt="Fort"><figcaption>Amber Fort at dawn</figcaption></figure>';
    expect(losses(source, '<img src="/media/a.webp" alt="Fort"><p>Amber Fort at dawn</p>')).toEqual(["a figure", "an image caption"]);
  });

  it("finds a link around an image (a block image carries no link)", () => {
    expect(losses('<p><a href="/packages/dubai"><img src="/media/d.webp" alt="Dubai"></a></p>', '<img src="/media/d.webp" alt="Dubai">')).toEqual(["a link"]);
  });

  it("finds a heading level the editor does not have, and lost words", () => {
    expect(losses("<h5>Tips</h5><p>Carry water.</p>", "<p>Tips</p>")).toEqual(["a heading", "some of its text"]);
  });

  it("finds a changed image description or link address", () => {
    expect(losses('<img src="/media/a.webp" alt="Fort">', '<img src="/media/a.webp" alt="">')).toEqual(["an image"]);
    expect(losses('<p><a href="/a" title="A">x</a></p>', '<p><a href="/a">x</a></p>')).toEqual(["a link"]);
  });

  it("finds marks inside inline code that the code mark cannot hold", () => {
    expect(losses("<p><code><strong>npm</strong> start</code></p>", "<p><code>npm start</code></p>")).toEqual(["bold text"]);
  });

  it("counts each occurrence: two dividers are not one", () => {
    expect(losses("<p>a</p><hr><p>b</p><hr>", "<p>a</p><hr><p>b</p>")).toEqual(["a divider"]);
  });

  it("accepts what the editor only tidies: b/i/strike, paragraphs in list items and quotes, pre without code, rel and target", () => {
    const source = [
      "<p><b>Bold</b>, <i>italic</i>, <strike>old</strike> and <u>under</u><br>next line<br></p>",
      "<ul><li>One</li><li>Two</li></ul>",
      "<blockquote>Quoted</blockquote>",
      "<pre>npm start\n  --port 3000</pre>",
      '<p>Text around <img src="/media/a.webp" alt="Fort" width="800" height="600" loading="lazy"> an image</p>',
      '<p><a href="https://example.com" rel="nofollow">a site</a></p>',
      "<h4>Small heading</h4><hr>",
    ].join("\n");
    const edited = [
      "<p><strong>Bold</strong>, <em>italic</em>, <s>old</s> and <u>under</u><br>next line</p>",
      "<ul><li><p>One</p></li><li><p>Two</p></li></ul>",
      "<blockquote><p>Quoted</p></blockquote>",
      "<pre><code>npm start\n  --port 3000</code></pre>",
      '<p>Text around </p><img src="/media/a.webp" alt="Fort" width="800" height="600"><p> an image</p>',
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">a site</a></p>',
      "<h4>Small heading</h4><hr>",
    ].join("");
    expect(losses(source, edited)).toEqual([]);
  });

  it("finds nothing in an empty post", () => {
    expect(losses("", "")).toEqual([]);
  });
});

describe("lossNotice", () => {
  it("names one thing, two things, or a list", () => {
    expect(lossNotice(["a table"])).toBe("This post contains a table that the visual editor cannot keep. Edit it as HTML to keep it.");
    expect(lossNotice(["a table", "a figure"])).toContain("contains a table and a figure that");
    expect(lossNotice(["a table", "a figure", "a link"])).toContain("contains a table, a figure and a link that");
  });
});
