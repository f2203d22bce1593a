import { COLOR, font, pageFooters, writePdf } from "~/server/pdf/pdf-writer.server";
import type { DepartureList } from "./departure-lists.server";

/**
 * A departure's manifest or rooming list as a printable A4 page (landscape:
 * the columns a tour manager reads across), with the site's PDF writer and
 * fonts, so names and "₹" stay text. Rows as tall as their tallest cell; a
 * page break repeats the header; each page says "Page 2 of 3".
 */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 36;
const WIDTH = PAGE.width - MARGIN * 2;
const BOTTOM = PAGE.height - MARGIN - 14;

export function departureListPdf(list: DepartureList, agency: string): Promise<Buffer> {
  const options = {
    layout: "landscape" as const,
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { Title: list.title, Author: agency, Creator: agency },
  };
  return writePdf(options, (doc) => {
    const total = list.columns.reduce((sum, column) => sum + column.width, 0);
    const widths = list.columns.map((column) => (column.width / total) * WIDTH);
    const pad = 5;

    font(doc, "display", 16, COLOR.accentStrong).text(list.title, MARGIN, MARGIN, { width: WIDTH });
    font(doc, "sans", 9.5, COLOR.muted).text(list.subtitle, { width: WIDTH });
    doc.moveDown(0.8);

    const header = () => {
      const y = doc.y;
      doc.rect(MARGIN, y, WIDTH, 20).fill(COLOR.accentStrong);
      let x = MARGIN;
      list.columns.forEach((column, index) => {
        font(doc, "sansBold", 8, COLOR.white).text(column.title.toUpperCase(), x + pad, y + 6, { width: widths[index]! - pad * 2, lineBreak: false });
        x += widths[index]!;
      });
      doc.y = y + 20;
    };
    header();
    if (list.rows.length === 0) {
      doc.moveDown(0.6);
      font(doc, "sans", 10, COLOR.muted).text("No held or confirmed bookings on this departure yet.", MARGIN, doc.y, { width: WIDTH });
    }
    list.rows.forEach((row, rowIndex) => {
      font(doc, "sans", 9);
      const height = Math.max(...row.map((cell, index) => doc.heightOfString(String(cell), { width: widths[index]! - pad * 2 }))) + pad * 2;
      if (doc.y + height > BOTTOM) {
        doc.addPage();
        doc.y = MARGIN;
        header();
      }
      const y = doc.y;
      if (rowIndex % 2 === 1) doc.rect(MARGIN, y, WIDTH, height).fill(COLOR.sand);
      let x = MARGIN;
      row.forEach((cell, index) => {
        font(doc, index === 1 ? "sansBold" : "sans", 9).text(String(cell), x + pad, y + pad, { width: widths[index]! - pad * 2 });
        x += widths[index]!;
      });
      doc
        .moveTo(MARGIN, y + height)
        .lineTo(MARGIN + WIDTH, y + height)
        .lineWidth(0.5)
        .strokeColor(COLOR.line)
        .stroke();
      doc.y = y + height;
    });
    pageFooters(doc, `${agency} · ${list.title}`, { left: MARGIN, right: MARGIN });
  });
}
