/**
 * Lays a tax document out as an A4 PDF (ADR 092) with the brochure's writer
 * and fonts (ADR 042). Drawn from the snapshot alone, with the PDF's creation
 * date set from the moment it was issued (pdfkit derives the file's ID from
 * its info), so drawing the same snapshot again gives the same bytes.
 */
import QRCode from "qrcode";
import { COLOR, drawQr, font, PAGE, pageFooters, writePdf, type Doc } from "~/server/pdf/pdf-writer.server";
import { documentContent, type DocumentContent, type SummaryRow } from "./document-content.server";
import type { DocumentSnapshot } from "./document-snapshot.server";

const MARGIN = { top: 40, bottom: 56, left: 44, right: 44 };
const WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const RIGHT = MARGIN.left + WIDTH;
const BOTTOM = PAGE.height - MARGIN.bottom;

/** The document's PDF: the same snapshot always gives the same bytes. */
export async function renderDocumentPdf(snapshot: DocumentSnapshot): Promise<Buffer> {
  const content = documentContent(snapshot);
  const info = {
    Title: `${content.title} ${content.number}`,
    Author: snapshot.agency.name,
    Subject: `${content.title} for booking ${snapshot.booking.reference}`,
    Creator: snapshot.agency.tradeName,
    CreationDate: new Date(snapshot.issuedAt),
  };
  const qr = content.upi ? QRCode.create(content.upi.uri, { errorCorrectionLevel: "M" }) : null;
  return writePdf({ margins: MARGIN, info }, (doc) => {
    header(doc, content);
    parties(doc, content);
    if (content.priceLines.length > 0) {
      table(
        doc,
        ["Description", "Amount"],
        content.priceLines.map(([label, amount]) => ({ label, values: [amount] })),
      );
    }
    table(doc, ["", ...content.summary.columns], content.summary.rows);
    total(doc, content);
    paymentAndNotes(doc, content, qr);
    pageFooters(doc, content.footer, MARGIN, 7.5);
  });
}

function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > BOTTOM) {
    doc.addPage();
    doc.y = MARGIN.top;
  }
  doc.x = MARGIN.left;
}

function rightText(doc: Doc, text: string, y: number, right = RIGHT) {
  doc.text(text, right - doc.widthOfString(text), y, { lineBreak: false });
}

function header(doc: Doc, content: DocumentContent) {
  const top = MARGIN.top;
  font(doc, "display", 20, COLOR.accentStrong).text(content.agency.tradeName, MARGIN.left, top, { width: WIDTH / 2, lineBreak: false });
  font(doc, "sansBold", 15, COLOR.ink);
  rightText(doc, content.title.toUpperCase(), top + 2);
  font(doc, "sans", 9.5, COLOR.inkSoft);
  rightText(doc, `No. ${content.number}`, top + 24);
  rightText(doc, `Date ${content.date}`, top + 38);
  let y = top + 30;
  for (const text of content.agency.lines) {
    font(doc, text === content.agency.lines[0] ? "sansBold" : "sans", 8.5, text === content.agency.lines[0] ? COLOR.ink : COLOR.muted).text(
      text,
      MARGIN.left,
      y,
      {
        width: WIDTH * 0.6,
      },
    );
    y = doc.y + 1;
  }
  y = Math.max(y, top + 56) + 8;
  doc.moveTo(MARGIN.left, y).lineTo(RIGHT, y).lineWidth(1.5).strokeColor(COLOR.accent).stroke();
  doc.y = y + 12;
}

function parties(doc: Doc, content: DocumentContent) {
  const gap = 12;
  const width = (WIDTH - gap) / 2;
  const top = doc.y;
  const measure = (lines: string[], size: number) => lines.reduce((sum, line) => sum + doc.fontSize(size).heightOfString(line, { width: width - 24 }) + 1.5, 0);
  font(doc, "sans", 9);
  const height = Math.max(measure(content.billedTo, 9), content.details.length * 12.5) + 30;
  ensureSpace(doc, height);
  doc.roundedRect(MARGIN.left, top, width, height, 6).fill(COLOR.sand);
  doc.roundedRect(MARGIN.left + width + gap, top, width, height, 6).fill(COLOR.sand);
  font(doc, "sansBold", 7.5, COLOR.accent).text("BILLED TO", MARGIN.left + 12, top + 10, { characterSpacing: 1 });
  let y = top + 24;
  content.billedTo.forEach((line, index) => {
    font(doc, index === 0 ? "sansBold" : "sans", index === 0 ? 10.5 : 9, index === 0 ? COLOR.ink : COLOR.inkSoft).text(line, MARGIN.left + 12, y, {
      width: width - 24,
    });
    y = doc.y + 1.5;
  });
  const x = MARGIN.left + width + gap + 12;
  font(doc, "sansBold", 7.5, COLOR.accent).text("DETAILS", x, top + 10, { characterSpacing: 1 });
  content.details.forEach(([label, value], index) => {
    const rowY = top + 24 + index * 12.5;
    font(doc, "sans", 8.5, COLOR.muted).text(label, x, rowY, { width: 80, lineBreak: false });
    font(doc, "sansBold", 8.5, COLOR.ink).text(value, x + 82, rowY, { width: width - 24 - 82, lineBreak: false, ellipsis: true });
  });
  doc.x = MARGIN.left;
  doc.y = top + height + 14;
}

/** A table: the first column the label, the others right-aligned amounts; strong rows in bold on a tint. */
function table(doc: Doc, columns: string[], rows: readonly SummaryRow[]) {
  const valueWidth = columns.length > 2 ? 92 : 130;
  const labelWidth = WIDTH - valueWidth * (columns.length - 1);
  const pad = 5.5;
  ensureSpace(doc, 20 + 22 * Math.min(rows.length, 4));
  const headY = doc.y;
  doc.rect(MARGIN.left, headY, WIDTH, 20).fill(COLOR.accentStrong);
  columns.forEach((title, index) => {
    font(doc, "sansBold", 8, COLOR.white);
    const text = title.toUpperCase();
    if (index === 0) doc.text(text, MARGIN.left + pad, headY + 6.5, { lineBreak: false, characterSpacing: 0.4 });
    else rightText(doc, text, headY + 6.5, MARGIN.left + labelWidth + valueWidth * index - pad);
  });
  doc.y = headY + 20;
  for (const row of rows) {
    font(doc, row.strong ? "sansBold" : "sans", 9.5);
    const height = doc.heightOfString(row.label, { width: labelWidth - pad * 2 }) + pad * 2 - 2;
    ensureSpace(doc, height);
    const y = doc.y;
    if (row.strong) doc.rect(MARGIN.left, y, WIDTH, height).fill(COLOR.accentSoft);
    font(doc, row.strong ? "sansBold" : "sans", 9.5, row.strong ? COLOR.ink : COLOR.inkSoft).text(row.label, MARGIN.left + pad, y + pad - 1, {
      width: labelWidth - pad * 2,
    });
    row.values.forEach((value, index) => {
      font(doc, row.strong ? "sansBold" : "sans", 9.5, COLOR.ink);
      rightText(doc, value, y + pad - 1, MARGIN.left + labelWidth + valueWidth * (index + 1) - pad);
    });
    doc
      .moveTo(MARGIN.left, y + height)
      .lineTo(RIGHT, y + height)
      .lineWidth(0.5)
      .strokeColor(COLOR.line)
      .stroke();
    doc.y = y + height;
  }
  doc.x = MARGIN.left;
  doc.y += 12;
}

function total(doc: Doc, content: DocumentContent) {
  font(doc, "sans", 9);
  const wordsHeight = doc.heightOfString(content.total.words, { width: WIDTH - 28 });
  const height = 38 + wordsHeight;
  ensureSpace(doc, height + 10);
  const y = doc.y;
  doc.roundedRect(MARGIN.left, y, WIDTH, height, 6).fill(COLOR.accentStrong);
  font(doc, "sansBold", 11, COLOR.white).text(content.total.label, MARGIN.left + 14, y + 12, { lineBreak: false });
  font(doc, "sansBold", 15, COLOR.white);
  rightText(doc, content.total.amount, y + 9, RIGHT - 14);
  font(doc, "sans", 9, COLOR.accentSoft).text(content.total.words, MARGIN.left + 14, y + 30, { width: WIDTH - 28 });
  doc.x = MARGIN.left;
  doc.y = y + height + 12;
}

function paymentAndNotes(doc: Doc, content: DocumentContent, qr: QRCode.QRCode | null) {
  const size = 84;
  const textX = qr ? MARGIN.left + size + 26 : MARGIN.left;
  const textWidth = RIGHT - textX;
  const paragraphs = [...content.tcs, ...content.notes];
  font(doc, "sans", 8.5);
  const textHeight = paragraphs.reduce((sum, text) => sum + doc.heightOfString(text, { width: textWidth, lineGap: 1.5 }) + 4, 0);
  ensureSpace(doc, Math.max(qr ? size + 34 : 0, textHeight + 46));
  const top = doc.y;
  if (qr && content.upi) {
    doc
      .roundedRect(MARGIN.left, top, size + 14, size + 34, 6)
      .lineWidth(1)
      .strokeColor(COLOR.line)
      .stroke();
    drawQr(doc, qr, MARGIN.left + 7, top + 7, size);
    font(doc, "sansBold", 7.5, COLOR.ink).text(content.upi.caption, MARGIN.left + 4, top + size + 10, { width: size + 6, align: "center" });
  }
  let y = top;
  paragraphs.forEach((text, index) => {
    const strong = index < content.tcs.length;
    font(doc, strong ? "sansBold" : "sans", 8.5, strong ? COLOR.ink : COLOR.inkSoft).text(text, textX, y, { width: textWidth, lineGap: 1.5 });
    y = doc.y + 4;
  });
  // The signature under the notes, level with the QR code's foot when there is one.
  const signatureY = Math.max(y + 6, qr ? top + size + 34 - 36 : 0);
  font(doc, "sansBold", 9, COLOR.ink);
  rightText(doc, content.signatory, signatureY);
  font(doc, "sans", 8.5, COLOR.muted);
  rightText(doc, "Authorised signatory", signatureY + 26);
  doc.x = MARGIN.left;
  doc.y = signatureY + 40;
}
