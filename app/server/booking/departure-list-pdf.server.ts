import PDFDocument from "pdfkit";
import { registerSiteFonts } from "~/server/brochure/brochure-pdf.server";
import type { DepartureList } from "./departure-lists.server";

/**
 * A departure's manifest or rooming list as a printable A4 page (landscape:
 * the columns a tour manager reads across), in the brochure's fonts, so names
 * and "₹" stay text. Rows as tall as their tallest cell; a page break repeats
 * the header; each page says "Page 2 of 3".
 */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 36;
const WIDTH = PAGE.width - MARGIN * 2;
const BOTTOM = PAGE.height - MARGIN - 14;
const INK = "#14221b";
const MUTED = "#5b6b63";
const LINE = "#dfe4e1";
const BAND = "#0b6946";
const STRIPE = "#f6f3ec";

export async function departureListPdf(list: DepartureList, agency: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: true,
    lang: "en-IN",
    displayTitle: true,
    info: { Title: list.title, Author: agency, Creator: agency },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  registerSiteFonts(doc);
  const total = list.columns.reduce((sum, column) => sum + column.width, 0);
  const widths = list.columns.map((column) => (column.width / total) * WIDTH);
  const pad = 5;

  doc.font("display").fontSize(16).fillColor(BAND).text(list.title, MARGIN, MARGIN, { width: WIDTH });
  doc.font("sans").fontSize(9.5).fillColor(MUTED).text(list.subtitle, { width: WIDTH });
  doc.moveDown(0.8);

  const header = () => {
    const y = doc.y;
    doc.rect(MARGIN, y, WIDTH, 20).fill(BAND);
    let x = MARGIN;
    list.columns.forEach((column, index) => {
      doc
        .font("sansBold")
        .fontSize(8)
        .fillColor("#ffffff")
        .text(column.title.toUpperCase(), x + pad, y + 6, { width: widths[index]! - pad * 2, lineBreak: false });
      x += widths[index]!;
    });
    doc.y = y + 20;
  };
  header();
  if (list.rows.length === 0) {
    doc.moveDown(0.6);
    doc.font("sans").fontSize(10).fillColor(MUTED).text("No held or confirmed bookings on this departure yet.", MARGIN, doc.y, { width: WIDTH });
  }
  list.rows.forEach((row, rowIndex) => {
    doc.font("sans").fontSize(9);
    const height = Math.max(...row.map((cell, index) => doc.heightOfString(String(cell), { width: widths[index]! - pad * 2 }))) + pad * 2;
    if (doc.y + height > BOTTOM) {
      doc.addPage();
      doc.y = MARGIN;
      header();
    }
    const y = doc.y;
    if (rowIndex % 2 === 1) doc.rect(MARGIN, y, WIDTH, height).fill(STRIPE);
    let x = MARGIN;
    row.forEach((cell, index) => {
      doc
        .font(index === 1 ? "sansBold" : "sans")
        .fontSize(9)
        .fillColor(INK)
        .text(String(cell), x + pad, y + pad, { width: widths[index]! - pad * 2 });
      x += widths[index]!;
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + WIDTH, y + height)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    doc.y = y + height;
  });

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc
      .font("sans")
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${agency} · ${list.title} · Page ${i + 1} of ${range.count}`, MARGIN, PAGE.height - MARGIN, { width: WIDTH, align: "center", lineBreak: false });
  }
  doc.end();
  return done;
}
