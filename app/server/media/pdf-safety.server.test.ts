import { PDFDocument, PDFName, PDFString, StandardFonts } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { inspectPdf } from "./pdf-safety.server";

/** A real one-page PDF, as a layout program would write it. */
async function plainPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  page.drawText("Bali 7 Days / 6 Nights", { x: 50, y: 780, size: 20, font: await document.embedFont(StandardFonts.Helvetica) });
  return document.save();
}

/** The same PDF with one catalog entry added, the way an attacker would edit it. */
async function withCatalogEntry(entry: string): Promise<Uint8Array> {
  const document = await PDFDocument.load(await plainPdf());
  const { context, catalog } = document;
  if (entry === "openaction-js") {
    catalog.set(PDFName.of("OpenAction"), context.obj({ S: "JavaScript", JS: PDFString.of("app.alert(1)") }));
  } else if (entry === "launch") {
    catalog.set(PDFName.of("OpenAction"), context.obj({ S: "Launch", F: PDFString.of("calc.exe") }));
  } else if (entry === "annotation-js") {
    const link = context.register(
      context.obj({ Type: "Annot", Subtype: "Link", Rect: [0, 0, 100, 100], A: { S: "JavaScript", JS: PDFString.of("app.alert(2)") } }),
    );
    document.getPage(0).node.set(PDFName.of("Annots"), context.obj([link]));
  } else if (entry === "embedded-file") {
    const file = context.register(context.stream("MZ", { Type: "EmbeddedFile" }));
    catalog.set(PDFName.of("Names"), context.obj({ EmbeddedFiles: { Names: [PDFString.of("x.exe"), context.obj({ Type: "Filespec", EF: { F: file } })] } }));
  }
  // Object streams on: the entry ends up compressed, where a byte search would not see it.
  return document.save({ useObjectStreams: true });
}

describe("inspectPdf", () => {
  it("accepts a plain PDF", async () => {
    expect(await inspectPdf(await plainPdf())).toEqual({ ok: true, pages: 1 });
  });

  it("refuses a truncated or garbled file, and a PDF without pages", async () => {
    const plain = await plainPdf();
    expect(await inspectPdf(plain.subarray(0, 300))).toMatchObject({ ok: false, reason: "unreadable" });
    expect(await inspectPdf(new TextEncoder().encode("%PDF-1.7\ngarbage that is not a PDF"))).toMatchObject({ ok: false, reason: "unreadable" });
    const empty = await PDFDocument.create();
    expect(await inspectPdf(await empty.save({ addDefaultPage: false }))).toMatchObject({ ok: false, reason: "empty" });
  });

  it.each([
    ["openaction-js", ["JS", "JavaScript"]],
    ["annotation-js", ["JS", "JavaScript"]],
    ["launch", ["Launch"]],
    ["embedded-file", ["EmbeddedFile", "EmbeddedFiles"]],
  ])("refuses active content: %s, even inside a compressed object stream", async (entry, found) => {
    expect(await inspectPdf(await withCatalogEntry(entry))).toEqual({ ok: false, reason: "active-content", found });
  });
});
