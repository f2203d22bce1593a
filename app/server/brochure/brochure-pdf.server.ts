/**
 * Lays a brochure out as an A4 PDF with pdfkit (ADR 042): the site's fonts
 * (Plus Jakarta Sans, Fraunces; both have ₹ and the en dash) embedded as
 * subsets with their Unicode maps, so text stays text. The whole file is
 * made in memory and handed back as one Buffer: a failure never leaves half a PDF.
 */
import QRCode from "qrcode";
import { COLOR, drawQr, font, PAGE, pageFooters, writePdf, type Doc } from "~/server/pdf/pdf-writer.server";
import type { BrochureContent } from "./brochure-content.server";
import type { PrintImageSize } from "./brochure-images.server";

/** Photos the layout asks for, by role: the writer draws whatever it is given. */
type BrochureImages = { cover: Buffer | null; days: (Buffer | null)[] };

/** Pixel sizes of the photos (about 2.4 px per point: sharp in print). */
export const COVER_IMAGE: PrintImageSize = { width: 1200, height: 620 };
export const DAY_IMAGE: PrintImageSize = { width: 300, height: 200 };

const MARGIN = { top: 48, bottom: 64, left: 48, right: 48 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BOTTOM = PAGE.height - MARGIN.bottom;
const COVER_HEIGHT = 290;

/**
 * Pages each long part may fill (issue 44 finding 10): a package at every
 * field's maximum made 216 pages. A part draws an item only when it ends within
 * the part's pages with room left for the line saying the rest is on the
 * package page (fitsBudget), so no part passes its pages and no brochure passes
 * MAX_BROCHURE_PAGES: these 35, and the contacts box, which may need a page of
 * its own (ADR 087). The cover and overview take at most 2 pages, as the
 * fields' limits allow (a 200-character title, an overview of 4,000). A real
 * package (the longest seeded one has 4 pages) never comes near.
 */
const SECTION_PAGES = { cover: 2, highlights: 3, prices: 4, included: 3, excluded: 3, days: 12, departures: 2, terms: 6 } as const;
export const MAX_BROCHURE_PAGES = 36;
/** Kept free under a part's last item on its last page, for restOnline's line. */
const REST_LINE = 40;

/**
 * Lets the event loop answer other requests between two parts of a layout:
 * pdfkit lays text out synchronously, and a long brochure took 3 s of the
 * server's only thread (issue 44 finding 10).
 */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
const pageCount = (doc: Doc) => doc.bufferedPageRange().count;
/** The page count a part that starts now must stop at. */
const budget = (doc: Doc, part: keyof typeof SECTION_PAGES) => pageCount(doc) + SECTION_PAGES[part];

/**
 * Whether an item `height` points tall, drawn now (here, or from the top of the
 * next page when it does not fit here), ends before page `until` with room
 * under it for restOnline's line: then the part never passes its pages.
 */
function fitsBudget(doc: Doc, height: number, until: number): boolean {
  const need = height + REST_LINE;
  if (doc.y + need <= BOTTOM) return pageCount(doc) < until;
  return pageCount(doc) + Math.ceil(need / (BOTTOM - MARGIN.top)) < until;
}

/** Renders the brochure to a Buffer (the whole file, or an error). */
export async function renderBrochurePdf(content: BrochureContent, images: BrochureImages): Promise<Buffer> {
  const info = {
    Title: content.metadata.title,
    Author: content.metadata.author,
    Subject: content.metadata.subject,
    Keywords: content.metadata.keywords,
    Creator: content.metadata.author,
  };
  const qr = QRCode.create(content.packageUrl, { errorCorrectionLevel: "M" });
  return writePdf({ margins: MARGIN, info }, async (doc) => {
    cover(doc, content, images.cover);
    overview(doc, content);
    // Highlights first: a list flows over a page break, and fills the cover page.
    await highlights(doc, content);
    await breathe();
    await prices(doc, content);
    await breathe();
    await inclusions(doc, content);
    await itinerary(doc, content, images.days);
    departures(doc, content);
    // The contacts and QR code before the fine print: never a page of their own.
    contacts(doc, content, qr);
    await breathe();
    await terms(doc, content);
    await breathe();
    footers(doc, content);
  });
}

// ---------------------------------------------------------------------------
// Layout helpers

/** Starts a new page unless `height` points still fit below the cursor. */
function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > BOTTOM) {
    doc.addPage();
    doc.x = MARGIN.left;
    doc.y = MARGIN.top;
  }
}

function heading(doc: Doc, title: string, first = 80) {
  ensureSpace(doc, first);
  doc.moveDown(0.6);
  const y = doc.y;
  font(doc, "display", 17, COLOR.accentStrong).text(title, MARGIN.left, y, { width: CONTENT_WIDTH });
  const under = doc.y + 3;
  doc
    .moveTo(MARGIN.left, under)
    .lineTo(MARGIN.left + 36, under)
    .lineWidth(2)
    .strokeColor(COLOR.accent)
    .stroke();
  doc.y = under + 10;
  doc.x = MARGIN.left;
}

function paragraph(doc: Doc, text: string, size = 10, color: string = COLOR.inkSoft) {
  font(doc, "sans", size, color).text(text, MARGIN.left, doc.y, { width: CONTENT_WIDTH, lineGap: 2.5 });
  doc.moveDown(0.5);
}

/** What a brochure says where it stops a part short (SECTION_PAGES). */
function restOnline(doc: Doc, content: BrochureContent, what: string) {
  ensureSpace(doc, 40);
  font(doc, "sansBold", 10, COLOR.accentStrong).text(`${what} is on the package page: ${content.packageUrl}`, MARGIN.left, doc.y, {
    width: CONTENT_WIDTH,
    link: content.packageUrl,
  });
  doc.moveDown(0.6);
}

/** A list with round bullets drawn (no glyph to miss), wrapped beside them; cut short with a link on page `until`. */
async function bulletList(doc: Doc, content: BrochureContent, items: readonly string[], dot: string, until: number, x = MARGIN.left, width = CONTENT_WIDTH) {
  for (const item of items) {
    await breathe();
    font(doc, "sans", 10, COLOR.inkSoft);
    const height = doc.heightOfString(item, { width: width - 16, lineGap: 2 });
    if (!fitsBudget(doc, height + 4, until)) {
      restOnline(doc, content, "The full list");
      break;
    }
    ensureSpace(doc, height + 4);
    const y = doc.y;
    doc.circle(x + 4, y + 6, 2.6).fill(dot);
    font(doc, "sans", 10, COLOR.inkSoft).text(item, x + 16, y, { width: width - 16, lineGap: 2 });
    doc.y += 4;
  }
  doc.x = MARGIN.left;
}

type Column = { title: string; width: number; bold?: boolean };

/**
 * A table with a header row; rows as tall as their tallest cell; a page break repeats the header.
 * With `until` (a part's page budget) it stops at the first row that does not fit it: true when cut short.
 */
function table(doc: Doc, columns: readonly Column[], rows: readonly string[][], options: { band?: string; size?: number; until?: number } = {}): boolean {
  const size = options.size ?? 9.5;
  const pad = 6;
  const drawHeader = () => {
    const y = doc.y;
    doc.rect(MARGIN.left, y, CONTENT_WIDTH, 20).fill(options.band ?? COLOR.accentStrong);
    let x = MARGIN.left;
    for (const column of columns) {
      font(doc, "sansBold", 8.5, COLOR.white).text(column.title.toUpperCase(), x + pad, y + 6, {
        width: column.width - pad * 2,
        characterSpacing: 0.4,
        lineBreak: false,
      });
      x += column.width;
    }
    doc.y = y + 20;
  };
  ensureSpace(doc, 20 + 24);
  drawHeader();
  for (const [index, row] of rows.entries()) {
    const heights = row.map((cell, i) => {
      font(doc, columns[i]?.bold ? "sansBold" : "sans", size);
      return doc.heightOfString(cell || "–", { width: columns[i]!.width - pad * 2, lineGap: 1.5 });
    });
    const height = Math.max(...heights) + pad * 2;
    if (options.until !== undefined && !fitsBudget(doc, 20 + height, options.until)) {
      doc.x = MARGIN.left;
      doc.moveDown(0.4);
      return true;
    }
    if (doc.y + height > BOTTOM) {
      doc.addPage();
      doc.y = MARGIN.top;
      drawHeader();
    }
    const y = doc.y;
    if (index % 2 === 1) doc.rect(MARGIN.left, y, CONTENT_WIDTH, height).fill(COLOR.sand);
    let x = MARGIN.left;
    row.forEach((cell, i) => {
      const column = columns[i]!;
      font(doc, column.bold ? "sansBold" : "sans", size, column.bold ? COLOR.ink : COLOR.inkSoft).text(cell || "–", x + pad, y + pad, {
        width: column.width - pad * 2,
        lineGap: 1.5,
      });
      x += column.width;
    });
    doc
      .moveTo(MARGIN.left, y + height)
      .lineTo(MARGIN.left + CONTENT_WIDTH, y + height)
      .lineWidth(0.5)
      .strokeColor(COLOR.line)
      .stroke();
    doc.y = y + height;
  }
  doc.x = MARGIN.left;
  doc.moveDown(0.4);
  return false;
}

/**
 * Where to break `items` (heights in points) into two columns no taller than
 * `room`, as evenly as can be: the number in the left column, or 0 when they
 * do not fit.
 */
export function balancedSplit(items: readonly { height: number }[], room: number): number {
  const total = items.reduce((sum, item) => sum + item.height, 0);
  let best = 0;
  let bestHeight = Infinity;
  let left = 0;
  items.forEach((item, index) => {
    left += item.height;
    const tallest = Math.max(left, total - left);
    if (tallest <= room && tallest < bestHeight) {
      best = index + 1;
      bestHeight = tallest;
    }
  });
  return best;
}

// ---------------------------------------------------------------------------
// Sections

function cover(doc: Doc, content: BrochureContent, photo: Buffer | null) {
  if (photo) {
    doc.image(photo, 0, 0, { width: PAGE.width, height: COVER_HEIGHT });
  } else {
    doc.rect(0, 0, PAGE.width, COVER_HEIGHT).fill(COLOR.accentStrong);
  }
  // The agency's name on a white tab over the photo.
  font(doc, "display", 15, COLOR.accentStrong);
  const brand = content.agency.brandName || "Pravas";
  const brandWidth = doc.widthOfString(brand) + 28;
  doc.roundedRect(MARGIN.left, 28, brandWidth, 30, 15).fill(COLOR.white);
  font(doc, "display", 15, COLOR.accentStrong).text(brand, MARGIN.left + 14, 35, { lineBreak: false });

  let y = COVER_HEIGHT + 26;
  font(doc, "sansBold", 9, COLOR.accent).text(content.country.toUpperCase(), MARGIN.left, y, { characterSpacing: 1.5, width: CONTENT_WIDTH });
  y = doc.y + 4;
  font(doc, "display", 28, COLOR.ink).text(content.title, MARGIN.left, y, { width: CONTENT_WIDTH, lineGap: 1 });
  y = doc.y + 14;

  const facts = [
    { label: "Duration", value: content.duration },
    { label: "Rating", value: content.rating ?? "New" },
    { label: "Next departure", value: content.nextDeparture },
    { label: "Price from", value: content.priceFrom },
  ];
  const gap = 8;
  const boxWidth = (CONTENT_WIDTH - gap * (facts.length - 1)) / facts.length;
  facts.forEach((fact, index) => {
    const x = MARGIN.left + index * (boxWidth + gap);
    const last = index === facts.length - 1;
    doc.roundedRect(x, y, boxWidth, 52, 6).fill(last ? COLOR.accentSoft : COLOR.sand);
    font(doc, "sans", 7.5, COLOR.muted).text(fact.label.toUpperCase(), x + 10, y + 10, { width: boxWidth - 20, characterSpacing: 0.6, lineBreak: false });
    let valueX = x + 10;
    let value = fact.value;
    if (value.startsWith("★ ")) {
      // The star in the site's star colour, the figures in ink.
      font(doc, "sansBold", 10.5, COLOR.star).text("★", valueX, y + 24, { lineBreak: false });
      valueX += doc.widthOfString("★ ");
      value = value.slice(2);
    }
    font(doc, "sansBold", last ? 13 : 10.5, last ? COLOR.accentStrong : COLOR.ink).text(value, valueX, y + 24, {
      width: x + boxWidth - 10 - valueX,
      lineBreak: false,
      ellipsis: true,
    });
  });
  doc.x = MARGIN.left;
  doc.y = y + 52 + 18;
}

function overview(doc: Doc, content: BrochureContent) {
  // The cover and the overview share their pages (an overview may have 20,000 characters): a longer one is cut at a word.
  const until = budget(doc, "cover");
  const options = { width: CONTENT_WIDTH, lineGap: 2.5 };
  for (const text of content.paragraphs) {
    font(doc, "sans", 10.5);
    const fits = (shown: string) => fitsBudget(doc, doc.heightOfString(shown, options) + 8, until);
    if (fits(text)) {
      paragraph(doc, text, 10.5);
      continue;
    }
    // The longest start of it that fits.
    let low = 0;
    let high = text.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (fits(`${text.slice(0, middle)} …`)) low = middle;
      else high = middle - 1;
    }
    const cut = text.lastIndexOf(" ", low);
    if (cut > 0) paragraph(doc, `${text.slice(0, cut)} …`, 10.5);
    restOnline(doc, content, "The whole overview");
    return;
  }
}

async function prices(doc: Doc, content: BrochureContent) {
  // The heading stays with its first rows.
  const firstHotels = content.priceOptions[0]?.hotels.length ?? 0;
  heading(doc, "Prices", content.priceOptions.length > 0 ? 60 + 34 + 20 + 30 * Math.min(firstHotels, 3) : 60 + 28 * content.priceLines.length);
  if (content.priceOptions.length > 0) {
    const until = budget(doc, "prices");
    for (const option of content.priceOptions) {
      await breathe();
      if (!fitsBudget(doc, 34 + 20 + 30, until)) {
        restOnline(doc, content, "Every price option");
        break;
      }
      ensureSpace(doc, 34 + 20 + 30);
      const y = doc.y;
      doc.roundedRect(MARGIN.left, y, CONTENT_WIDTH, 28, 5).fill(COLOR.accentSoft);
      font(doc, "sansBold", 11, COLOR.ink).text(option.label, MARGIN.left + 10, y + 8, { lineBreak: false });
      const price = `${option.amount} ${option.unit}`;
      font(doc, "sansBold", 11, COLOR.accentStrong);
      doc.text(price, MARGIN.left + CONTENT_WIDTH - 10 - doc.widthOfString(price), y + 8, { lineBreak: false });
      doc.x = MARGIN.left;
      doc.y = y + 34;
      if (option.hotels.length > 0) {
        const cut = table(
          doc,
          [
            { title: "Destination", width: 86, bold: true },
            { title: "Nights", width: 48 },
            { title: "Hotel", width: 165 },
            { title: "Room type", width: 110 },
            { title: "Meal plan", width: CONTENT_WIDTH - 86 - 48 - 165 - 110 },
          ],
          option.hotels.map((hotel) => [hotel.destination, String(hotel.nights), hotel.hotel, hotel.roomType, hotel.mealPlan]),
          { until },
        );
        if (cut) {
          restOnline(doc, content, "Every price option");
          break;
        }
      }
      doc.moveDown(0.4);
    }
  } else {
    ensureSpace(doc, 30 * content.priceLines.length);
    content.priceLines.forEach((line, index) => {
      const y = doc.y;
      doc.rect(MARGIN.left, y, CONTENT_WIDTH, 28).fill(index % 2 === 0 ? COLOR.sand : COLOR.white);
      font(doc, "sans", 10.5, COLOR.inkSoft).text(line.label, MARGIN.left + 10, y + 8, { lineBreak: false });
      font(doc, "sans", 9, COLOR.muted);
      const unitWidth = doc.widthOfString(line.unit);
      doc.text(line.unit, MARGIN.left + CONTENT_WIDTH - 10 - unitWidth, y + 9.5, { lineBreak: false });
      font(doc, "sansBold", 12, COLOR.ink);
      doc.text(line.amount, MARGIN.left + CONTENT_WIDTH - 22 - unitWidth - doc.widthOfString(line.amount), y + 7, { lineBreak: false });
      doc.x = MARGIN.left;
      doc.y = y + 28;
    });
    doc.moveDown(0.4);
  }
  font(doc, "sans", 9, COLOR.muted).text(content.taxNote, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
}

async function highlights(doc: Doc, content: BrochureContent) {
  if (content.highlights.length === 0) return;
  heading(doc, "Highlights", 70);
  await bulletList(doc, content, content.highlights, COLOR.star, budget(doc, "highlights"));
}

async function inclusions(doc: Doc, content: BrochureContent) {
  if (content.included.length > 0) {
    heading(doc, "What's included");
    await bulletList(doc, content, content.included, COLOR.accent, budget(doc, "included"));
  }
  if (content.excluded.length > 0) {
    heading(doc, "Not included");
    await bulletList(doc, content, content.excluded, COLOR.danger, budget(doc, "excluded"));
  }
}

async function itinerary(doc: Doc, content: BrochureContent, photos: readonly (Buffer | null)[]) {
  if (content.days.length === 0) return;
  heading(doc, "Day by day", 130);
  const photoWidth = 108;
  const photoHeight = 72;
  const until = budget(doc, "days");
  for (const [index, day] of content.days.entries()) {
    await breathe();
    const photo = photos[index] ?? null;
    const textX = photo ? MARGIN.left + photoWidth + 14 : MARGIN.left;
    const textWidth = MARGIN.left + CONTENT_WIDTH - textX;
    font(doc, "sansBold", 12);
    const titleHeight = doc.heightOfString(day.title, { width: textWidth });
    font(doc, "sans", 9.5);
    const bodyHeight = doc.heightOfString(day.description, { width: textWidth, lineGap: 2 });
    const height = Math.max(photo ? photoHeight : 0, 14 + titleHeight + 4 + bodyHeight);
    if (!fitsBudget(doc, height + 14, until)) {
      restOnline(doc, content, `The day-by-day from ${day.label.toLowerCase()} on`);
      break;
    }
    ensureSpace(doc, height + 14);
    const y = doc.y;
    if (photo) doc.image(photo, MARGIN.left, y, { width: photoWidth, height: photoHeight });
    font(doc, "sansBold", 8.5, COLOR.accent).text(day.label.toUpperCase(), textX, y, { characterSpacing: 1, lineBreak: false });
    font(doc, "sansBold", 12, COLOR.ink).text(day.title, textX, y + 13, { width: textWidth });
    font(doc, "sans", 9.5, COLOR.inkSoft).text(day.description, textX, doc.y + 3, { width: textWidth, lineGap: 2 });
    doc.x = MARGIN.left;
    doc.y = y + height + 14;
    if (index < content.days.length - 1) {
      doc
        .moveTo(MARGIN.left, doc.y - 7)
        .lineTo(MARGIN.left + CONTENT_WIDTH, doc.y - 7)
        .lineWidth(0.5)
        .strokeColor(COLOR.line)
        .stroke();
    }
  }
}

function departures(doc: Doc, content: BrochureContent) {
  heading(doc, "Upcoming group departures");
  if (content.departures.length === 0) {
    paragraph(doc, "Dates Coming Soon. Ask us for the next group, or for a private departure on dates that suit you.");
    return;
  }
  const until = budget(doc, "departures");
  const cut = table(
    doc,
    [
      { title: "Group", width: 220, bold: true },
      { title: "Dates", width: CONTENT_WIDTH - 220 },
    ],
    content.departures.map((departure) => [departure.name, departure.dates]),
    { until },
  );
  if (cut) restOnline(doc, content, "Every departure");
}

async function terms(doc: Doc, content: BrochureContent) {
  if (content.terms.length === 0 && !content.refundRule) return;
  // The clauses are fine print in two columns, as even as fit on the page.
  const gap = 18;
  const width = (CONTENT_WIDTH - gap) / 2;
  const measured: { term: BrochureContent["terms"][number]; title: number; height: number }[] = [];
  for (const term of content.terms) {
    await breathe();
    font(doc, "sansBold", 9);
    const title = doc.heightOfString(term.title, { width });
    font(doc, "sans", 8.2);
    measured.push({ term, title, height: title + 1 + doc.heightOfString(term.text, { width, lineGap: 1.2 }) + 6 });
  }
  font(doc, "sans", 9.5);
  const boxHeight = content.refundRule ? doc.heightOfString(content.refundRule.text, { width: CONTENT_WIDTH - 28, lineGap: 2 }) + 36 : 0;
  // Terms that would leave a clause or two on a page of their own start on a new page.
  const head = 60 + boxHeight + 12;
  if (balancedSplit(measured, BOTTOM - doc.y - head) === 0 && balancedSplit(measured, BOTTOM - MARGIN.top - head) > 0) {
    doc.addPage();
    doc.y = MARGIN.top;
  }
  // Counted from the heading's page: the refund rule's box may start the next one.
  const until = budget(doc, "terms");
  heading(doc, "Terms and conditions");
  if (content.refundRule) {
    const height = boxHeight;
    ensureSpace(doc, height + 10);
    const y = doc.y;
    doc.roundedRect(MARGIN.left, y, CONTENT_WIDTH, height, 6).fill(COLOR.accentSoft);
    doc.rect(MARGIN.left, y, 4, height).fill(COLOR.accent);
    font(doc, "sansBold", 10.5, COLOR.accentStrong).text(content.refundRule.title, MARGIN.left + 14, y + 10, { width: CONTENT_WIDTH - 28 });
    font(doc, "sans", 9.5, COLOR.ink).text(content.refundRule.text, MARGIN.left + 14, doc.y + 4, { width: CONTENT_WIDTH - 28, lineGap: 2 });
    doc.x = MARGIN.left;
    doc.y = y + height + 12;
  }
  type Clause = (typeof measured)[number];
  /** As many clauses from the start of `list` as fit in `room`. */
  const fitting = (list: readonly Clause[], room: number) => {
    let used = 0;
    let count = 0;
    while (count < list.length && used + list[count]!.height <= room) used += list[count++]!.height;
    return count;
  };
  const draw = (list: readonly Clause[], column: number, top: number) => {
    let y = top;
    for (const item of list) {
      const x = MARGIN.left + column * (width + gap);
      font(doc, "sansBold", 9, COLOR.ink).text(item.term.title, x, y, { width });
      font(doc, "sans", 8.2, COLOR.inkSoft).text(item.term.text, x, y + item.title + 1, { width, lineGap: 1.2 });
      y += item.height;
    }
    return y;
  };
  let rest = measured;
  while (rest.length > 0) {
    await breathe();
    // On the part's last page, restOnline's line stays free under the columns.
    const room = BOTTOM - doc.y - (pageCount(doc) >= until - 1 ? REST_LINE : 0);
    if (pageCount(doc) >= until || (fitting(rest, room) === 0 && pageCount(doc) + 1 >= until)) {
      restOnline(doc, content, "The full terms and conditions");
      break;
    }
    if (fitting(rest, room) === 0) {
      doc.addPage();
      doc.y = MARGIN.top;
      continue;
    }
    // The most even split that fits both columns on this page, if there is one.
    const best = balancedSplit(rest, room);
    const top = doc.y;
    if (best > 0) {
      const bottom = Math.max(draw(rest.slice(0, best), 0, top), draw(rest.slice(best), 1, top));
      rest = [];
      doc.y = bottom;
    } else {
      // Both columns full, the rest on the next page.
      const first = fitting(rest, room);
      const second = fitting(rest.slice(first), room);
      const bottom = Math.max(draw(rest.slice(0, first), 0, top), draw(rest.slice(first, first + second), 1, top));
      rest = rest.slice(first + second);
      // The next page; on the last, restOnline's line goes under the columns.
      doc.y = pageCount(doc) >= until - 1 ? bottom : BOTTOM;
    }
  }
  doc.x = MARGIN.left;
}

function contacts(doc: Doc, content: BrochureContent, qr: QRCode.QRCode) {
  const height = 136;
  ensureSpace(doc, height + 20);
  doc.moveDown(0.6);
  const y = doc.y;
  doc.roundedRect(MARGIN.left, y, CONTENT_WIDTH, height, 8).fill(COLOR.accentStrong);
  const textWidth = CONTENT_WIDTH - 150;
  font(doc, "display", 17, COLOR.white).text("Book or ask us anything", MARGIN.left + 20, y + 16, { width: textWidth });
  let lineY = doc.y + 6;
  for (const contact of content.contacts) {
    font(doc, "sans", 8, COLOR.accentSoft).text(contact.label.toUpperCase(), MARGIN.left + 20, lineY + 2, { characterSpacing: 0.8, lineBreak: false });
    font(doc, "sansBold", 11, COLOR.white).text(contact.value, MARGIN.left + 90, lineY, { link: contact.href, lineBreak: false });
    lineY += 19;
  }
  if (content.agency.address) {
    font(doc, "sans", 8.5, COLOR.accentSoft).text(content.agency.address, MARGIN.left + 20, lineY + 4, { width: textWidth, lineBreak: false, ellipsis: true });
  }

  // The QR code, drawn as vector squares on white, linking to the live page.
  const size = 96;
  const qrX = MARGIN.left + CONTENT_WIDTH - size - 22;
  const qrY = y + 13;
  doc.roundedRect(qrX - 6, qrY - 6, size + 12, size + 12, 6).fill(COLOR.white);
  drawQr(doc, qr, qrX, qrY, size);
  doc.link(qrX, qrY, size, size, content.packageUrl);
  font(doc, "sans", 7.5, COLOR.accentSoft).text("Scan for today's prices and dates", qrX - 14, qrY + size + 9, {
    width: size + 28,
    align: "center",
    lineBreak: false,
  });
  doc.x = MARGIN.left;
  doc.y = y + height + 8;
}

/** On every page: the agency and its phone, the page number. */
function footers(doc: Doc, content: BrochureContent) {
  const left = [content.agency.brandName, content.contacts.find((c) => c.label === "Phone")?.value, content.contacts.find((c) => c.label === "E-mail")?.value]
    .filter(Boolean)
    .join("  ·  ");
  pageFooters(doc, left, MARGIN);
}
