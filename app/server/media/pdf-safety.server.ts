import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from "@cantoo/pdf-lib";

/**
 * What a brochure must not carry: it is a document for travellers to read, so
 * anything a PDF reader would run, launch or unpack is refused (ADR 035).
 * JavaScript (document, page, annotation and form actions), Launch actions,
 * embedded files and rich media, and XFA forms (which carry their own scripts).
 */
const ACTIVE_NAMES = new Set(["JavaScript", "JS", "Launch", "EmbeddedFile", "EmbeddedFiles", "RichMedia", "XFA"]);

type PdfVerdict = { ok: true; pages: number } | { ok: false; reason: "unreadable" | "encrypted" | "empty" | "active-content"; found?: string[] };

const nameOf = (name: PDFName) => name.asString().slice(1);

function collectActiveNames(object: PDFObject | undefined, found: Set<string>, depth = 0): void {
  // Indirect objects are each visited on their own, so a walk never needs to go deep.
  if (!object || depth > 64) return;
  const dict = object instanceof PDFStream ? object.dict : object;
  if (dict instanceof PDFDict) {
    for (const [key, value] of dict.entries()) {
      if (ACTIVE_NAMES.has(nameOf(key))) found.add(nameOf(key));
      if (value instanceof PDFName && ACTIVE_NAMES.has(nameOf(value))) found.add(nameOf(value));
      collectActiveNames(value, found, depth + 1);
    }
  } else if (dict instanceof PDFArray) {
    for (const value of dict.asArray()) collectActiveNames(value, found, depth + 1);
  }
}

/**
 * Opens a PDF with a real parser (objects in compressed object streams
 * included) and looks through every object for active content. A file the
 * parser cannot open is unreadable: a reader might still try, and a brochure
 * that opens for some travellers and not others is no brochure.
 */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfVerdict> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
  } catch (error) {
    const encrypted = error instanceof Error && /encrypt/i.test(error.message);
    return { ok: false, reason: encrypted ? "encrypted" : "unreadable" };
  }
  let pages: number;
  try {
    pages = document.getPageCount();
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  if (pages === 0) return { ok: false, reason: "empty" };
  const found = new Set<string>();
  for (const [, object] of document.context.enumerateIndirectObjects()) collectActiveNames(object, found);
  collectActiveNames(document.catalog, found);
  collectActiveNames(document.context.trailerInfo.Root, found);
  if (found.size > 0) return { ok: false, reason: "active-content", found: [...found].sort() };
  return { ok: true, pages };
}

/** What the person uploading reads when a brochure is refused. */
export function pdfRefusalMessage(verdict: Exclude<PdfVerdict, { ok: true }>): string {
  switch (verdict.reason) {
    case "encrypted":
      return "This PDF is password-protected. Upload a copy without a password.";
    case "empty":
      return "This PDF has no pages.";
    case "active-content":
      return "This PDF contains scripts, actions or embedded files, which a brochure must not have. Save it again as a plain PDF (for example with “Print to PDF”) and upload that.";
    default:
      return "This PDF cannot be opened: it may be damaged or incomplete. Save it again and upload the new copy.";
  }
}
