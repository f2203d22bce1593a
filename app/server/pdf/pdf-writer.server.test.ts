import fs from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { documentSnapshot } from "../../../tests/support/tax-document-fixtures";

const FRAUNCES = "@expo-google-fonts/fraunces/600SemiBold/Fraunces_600SemiBold.ttf";
const fraunces = () => fontkit.create(fs.readFileSync(createRequire(import.meta.url).resolve(FRAUNCES)));
type Internals = fontkit.Font & { _glyphs: Record<number, fontkit.Glyph>; hmtx: unknown; GSUB: unknown };

/** The writer as a process that has drawn nothing yet: its module, and so its parsed fonts, made again. */
async function freshWriter() {
  vi.resetModules();
  return import("./pdf-writer.server");
}

describe("the installed fontkit and pdfkit, as the writer uses them (contract)", () => {
  it("a shared fontkit font keeps a glyph's first code points: after a soft hyphen (U+00AD), Fraunces draws U+2010 as a space", () => {
    const alone = fraunces().layout("\u2010").glyphs[0]!;
    expect(alone.codePoints).toEqual([0x2010]);
    const shared = fraunces();
    shared.layout("soft\u00ADhyphen");
    // One glyph for both code points, cached as U+00AD, a default ignorable: the layout hides it as a space.
    const hyphen = shared.layout("\u2010").glyphs[0]!;
    expect(hyphen.id).not.toBe(alone.id);
    expect(hyphen.codePoints).toEqual([0x20]);
  });

  it("a document's view has its own glyphs and layout, and reads the shared font's decoded tables", async () => {
    const { documentFont } = await freshWriter();
    const shared = fraunces() as Internals;
    const first = documentFont(shared) as Internals;
    const second = documentFont(shared) as Internals;
    first.layout("soft\u00ADhyphen");
    expect(second.layout("\u2010").glyphs[0]!.codePoints).toEqual([0x2010]);
    expect(first.layout("\u2010").glyphs[0]!.codePoints).toEqual([0x20]);
    expect(Object.keys(shared._glyphs)).toEqual([]);
    expect(Object.hasOwn(first, "_layoutEngine") && Object.hasOwn(second, "_layoutEngine")).toBe(true);
    expect(Object.hasOwn(shared, "_layoutEngine")).toBe(false);
    // The parse is done once: the views get the very objects the shared font decoded.
    expect(first.hmtx).toBe(shared.hmtx);
    expect(second.GSUB).toBe(shared.GSUB);
  });

  it("pdfkit draws with a registered fontkit font object as it is, and makes a subset of it per document", () => {
    const shared = fraunces();
    const subsets = [1, 2].map(() => {
      const doc = new PDFDocument() as PDFKit.PDFDocument & { _font: { font: unknown; subset: unknown } };
      doc.registerFont("display", shared as unknown as PDFKit.Mixins.PDFFontSource).font("display");
      expect(doc._font.font).toBe(shared);
      return doc._font.subset;
    });
    expect(subsets[0]).not.toBe(subsets[1]);
  });
});

describe("documents drawn with the shared fonts", () => {
  afterEach(() => vi.useRealTimers());
  const info = { Title: "Fonts", CreationDate: new Date("2026-11-29T10:00:00Z") };

  /** Lays out `lines` in the display face, awaiting between lines so that other documents draw meanwhile. */
  const drawLines = (writer: Awaited<ReturnType<typeof freshWriter>>, lines: string[]) =>
    writer.writePdf({ info }, async (doc) => {
      for (const line of lines) {
        writer.font(doc, "display", 18).text(line);
        writer.font(doc, "sans", 10).text(line);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    });
  const A = ["Soft\u00ADhyphen in the first", "Hampi \u2013 ₹12,500.00", "fi fl ffi"];
  const B = ["Hyphen\u2010ated in the second", "Goa \u2013 ₹9,999.00", "office affair"];

  it("give each document the bytes it has drawn alone, when two are drawn interleaved (A, B, A again)", async () => {
    const aloneA = await drawLines(await freshWriter(), A);
    const aloneB = await drawLines(await freshWriter(), B);
    expect(aloneA.equals(aloneB)).toBe(false);
    const writer = await freshWriter();
    const [a, b, again] = await Promise.all([drawLines(writer, A), drawLines(writer, B), drawLines(writer, A)]);
    expect(a.equals(aloneA)).toBe(true);
    expect(b.equals(aloneB)).toBe(true);
    expect(again.equals(aloneA)).toBe(true);
  });

  it("give a tax document and a brochure the bytes each has alone, drawn A, B, A in one process", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-29T10:00:00Z"));
    const render = async () => {
      vi.resetModules();
      const [{ renderDocumentPdf }, { renderBrochurePdf }, { sampleBrochure }] = await Promise.all([
        import("../document/document-pdf.server"),
        import("../brochure/brochure-pdf.server"),
        import("../brochure/brochure.server"),
      ]);
      return {
        invoice: () => renderDocumentPdf(documentSnapshot("overseas", "tax-invoice")),
        brochure: () => renderBrochurePdf(sampleBrochure(), { cover: null, days: [] }),
      };
    };
    const aloneInvoice = await (await render()).invoice();
    const aloneBrochure = await (await render()).brochure();
    const { invoice, brochure } = await render();
    const [a, b, again] = await Promise.all([invoice(), brochure(), invoice()]);
    expect(a.equals(aloneInvoice)).toBe(true);
    expect(b.equals(aloneBrochure)).toBe(true);
    expect(again.equals(aloneInvoice)).toBe(true);
  }, 30_000);
});
