/**
 * What every PDF the site makes shares (ADR 042, ADR 092): A4 in points, the
 * site's colours, its fonts (Plus Jakarta Sans and Fraunces, both with ₹ and
 * the en dash) embedded as subsets with their Unicode maps so that text stays
 * text, a QR code drawn as vector squares, and the whole file made in memory
 * and handed back as one Buffer: a failure never leaves half a PDF.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import type QRCode from "qrcode";

export type Doc = PDFKit.PDFDocument;

export const PAGE = { width: 595.28, height: 841.89 };

// The site's tokens (app/styles/tokens.css).
export const COLOR = {
  ink: "#14221b",
  inkSoft: "#3d4d45",
  muted: "#5b6b63",
  line: "#dfe4e1",
  accent: "#11835a",
  accentStrong: "#0b6946",
  accentSoft: "#e3f3ec",
  sand: "#f6f3ec",
  sandDeep: "#ece6d8",
  star: "#d99a00",
  danger: "#b42318",
  white: "#ffffff",
};

const FONT_FILES = {
  sans: "@expo-google-fonts/plus-jakarta-sans/400Regular/PlusJakartaSans_400Regular.ttf",
  sansBold: "@expo-google-fonts/plus-jakarta-sans/700Bold/PlusJakartaSans_700Bold.ttf",
  display: "@expo-google-fonts/fraunces/600SemiBold/Fraunces_600SemiBold.ttf",
} as const;
export type FontName = keyof typeof FONT_FILES;

let parsed: Record<FontName, fontkit.Font> | null = null;
/** Each font file read and parsed by fontkit once per process: its tables (cmap, GSUB, GPOS, hmtx, glyf) are decoded on first use and kept. */
function parsedFonts(): Record<FontName, fontkit.Font> {
  if (!parsed) {
    const require = createRequire(import.meta.url);
    parsed = Object.fromEntries(Object.entries(FONT_FILES).map(([name, file]) => [name, fontkit.create(fs.readFileSync(require.resolve(file)))])) as Record<
      FontName,
      fontkit.Font
    >;
  }
  return parsed;
}

/**
 * One document's own view of a parsed font: it reads the shared font's
 * decoded tables but keeps its own glyph objects and layout engine. fontkit
 * caches a glyph with the code points it was first reached from, and both
 * its layout and pdfkit's ToUnicode map go by them: Fraunces has one glyph for
 * U+00AD and U+2010, and once a soft hyphen was laid out a shared font draws
 * every later U+2010 as a space. A shared glyph cache would make a document's
 * bytes depend on what the process drew before. fontkit internals: `_glyphs`
 * is the glyph cache its constructor creates, and its cached getters
 * (`_layoutEngine`, `_cmapProcessor`, `bbox`) define their value on the object
 * they are read from, this view. `pdf-writer.server.test.ts` checks both
 * against the installed fontkit.
 */
export function documentFont(font: fontkit.Font): fontkit.Font {
  const view = Object.create(font) as fontkit.Font & { _glyphs: Record<number, unknown> };
  view._glyphs = {};
  return view;
}

/** A new A4 document with the site's fonts registered, and the promise of its bytes once `doc.end()` is called. */
function openPdf(options: PDFKit.PDFDocumentOptions): { doc: Doc; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: "A4",
    bufferPages: true,
    autoFirstPage: true,
    compress: true,
    lang: "en-IN",
    displayTitle: true,
    pdfVersion: "1.7",
    ...options,
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  // pdfkit (0.20) takes an already parsed fontkit font as a font's source; each document still makes its own subsets.
  const fonts = parsedFonts();
  for (const name of Object.keys(FONT_FILES) as FontName[]) doc.registerFont(name, documentFont(fonts[name]) as unknown as PDFKit.Mixins.PDFFontSource);
  return { doc, bytes };
}

/**
 * Lays a document out with `draw` and returns its bytes; a throw in `draw`
 * ends the document and is thrown again. `draw` may be async: a long layout
 * awaits between its parts, so the server answers other requests meanwhile.
 */
export async function writePdf(options: PDFKit.PDFDocumentOptions, draw: (doc: Doc) => void | Promise<void>): Promise<Buffer> {
  const { doc, bytes } = openPdf(options);
  try {
    await draw(doc);
  } catch (error) {
    doc.end();
    await bytes.catch(() => undefined);
    throw error;
  }
  doc.end();
  return bytes;
}

export function font(doc: Doc, name: FontName, size: number, color: string = COLOR.ink) {
  return doc.font(name).fontSize(size).fillColor(color);
}

/** A QR code as vector squares in `color`, `size` points wide, its top left at x, y. */
export function drawQr(doc: Doc, qr: QRCode.QRCode, x: number, y: number, size: number, color: string = COLOR.ink) {
  const count = qr.modules.size;
  const cell = size / count;
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fill(color);
}

/** On every page, below the bottom margin: a rule, `text` on the left and "Page n of m" on the right. */
export function pageFooters(doc: Doc, text: string, margin: { left: number; right: number }, size = 8) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // The page's own size: the departures' lists are A4 landscape.
    const right = doc.page.width - margin.right;
    // Below the bottom margin: without this pdfkit would start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 38;
    doc
      .moveTo(margin.left, y - 8)
      .lineTo(right, y - 8)
      .lineWidth(0.5)
      .strokeColor(COLOR.line)
      .stroke();
    font(doc, "sans", size, COLOR.muted).text(text, margin.left, y, { width: right - margin.left - 80, lineBreak: false, ellipsis: true });
    const pageText = `Page ${index + 1} of ${range.count}`;
    doc.text(pageText, right - doc.widthOfString(pageText), y, { lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}
