// Writes a one-page PDF brochure (public/brochures/<slug>.pdf) for each seeded
// package that links one. Run after changing a package's seed text:
//   npx tsx scripts/make-brochures.ts
import fs from "node:fs";
import path from "node:path";
import { priceLines, taxNote } from "~/lib/price";
import { seedPackages } from "~/server/seed/data/packages";

/** Greedy word wrap to a maximum number of characters per line. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if ((line + " " + word).trim().length > width) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  return lines;
}

/** PDF text strings use Latin-1 with \ ( ) escaped; ₹ becomes "Rs." and dashes ASCII. */
function pdfText(text: string): string {
  return text
    .replace(/₹/g, "Rs. ")
    .replace(/[–—]/g, "-")
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/[\\()]/g, (c) => `\\${c}`);
}

function buildPdf(lines: { text: string; size: number; gap: number }[]): Buffer {
  let y = 800;
  const ops = ["BT"];
  for (const line of lines) {
    y -= line.gap;
    ops.push(`/F1 ${line.size} Tf 1 0 0 1 50 ${y} Tm (${pdfText(line.text)}) Tj`);
  }
  ops.push("ET");
  const stream = ops.join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

for (const pkg of seedPackages()) {
  if (!pkg.brochureUrl?.startsWith("/brochures/")) continue;
  const lines = [
    { text: `Pravas - ${pkg.title}`, size: 20, gap: 0 },
    { text: `${pkg.country} - ${pkg.days} Days / ${pkg.nights} Nights`, size: 12, gap: 24 },
    ...priceLines(pkg.price).map((line) => ({ text: `${line.label}: ${line.amount} ${line.unit}`, size: 11, gap: 16 })),
    { text: `All prices in Indian rupees ${taxNote(pkg.region)}.`, size: 9, gap: 14 },
    { text: "Day by day", size: 14, gap: 26 },
    ...[...pkg.itinerary]
      .sort((a, b) => a.day - b.day)
      .flatMap((day) => [
        { text: `Day ${day.day}: ${day.title}`, size: 11, gap: 18 },
        ...wrap(day.description, 100).map((text) => ({ text, size: 9, gap: 12 })),
      ]),
    { text: "Book or ask a question: hello@pravas.travel - WhatsApp +91 98765 43210", size: 10, gap: 26 },
  ];
  const file = path.resolve("public", pkg.brochureUrl.replace(/^\//, ""));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, buildPdf(lines));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
