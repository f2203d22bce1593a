import { asc, eq } from "drizzle-orm";
import { listedTravellerName } from "~/lib/booking";
import { addDays } from "~/lib/calendar-date";
import type { HotelStay } from "~/lib/package-shapes";
import { fillTaxWords } from "~/lib/package-text";
import { formatPhone } from "~/lib/phone";
import { formatTourDate, formatTourDateRange } from "~/lib/tour-format";
import type { DbExecutor } from "~/server/jobs/jobs.server";
import { getDb } from "~/server/db/db.server";
import { bookingTravellers, packages, siteSettings, travellerDetails, type BookingRow } from "~/server/db/schema.server";
import { getTaxRates } from "~/server/settings/settings.server";
import { COLOR, font, pageFooters, PAGE, writePdf, type Doc } from "~/server/pdf/pdf-writer.server";

/**
 * The final itinerary (issue 48): a PDF like the brochure but for one
 * booking, drawn when asked (never stored: it follows the package's plan and
 * the booking as they are now). Day 1 is the departure date and each day of
 * the package's day-by-day plan carries its date; the hotels are those of the
 * price option booked (the package price: the first option with hotels), each
 * with its check-in and check-out dates; the travellers are named as on their
 * passports when they gave it on the trip page, else as booked.
 */

/** The bookings that have a final itinerary: not a hold that lapsed, a cancellation or a place on the waitlist. */
export const hasFinalItinerary = (row: Pick<BookingRow, "state">) => row.state === "held" || row.state === "confirmed" || row.state === "completed";

export const ITINERARY_TITLE = "Final itinerary";

export type ItineraryHotel = HotelStay & { checkIn: string; checkOut: string };

export type FinalItinerary = {
  reference: string;
  packageTitle: string;
  country: string;
  dates: string;
  startDate: string;
  endDate: string;
  travellers: string[];
  days: { day: number; date: string; title: string; description: string }[];
  hotels: ItineraryHotel[];
  agency: { name: string; phone: string; email: string };
};

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
/** "Fri 12 Mar 2027". */
export const dayLabel = (iso: string) => `${WEEKDAYS[new Date(`${iso}T00:00:00Z`).getUTCDay()]} ${formatTourDate(iso)}`;

export const itineraryFileName = (reference: string) => `itinerary-${reference}.pdf`;

/** The booking's itinerary as the PDF prints it. */
export async function finalItinerary(row: BookingRow, db: DbExecutor = getDb()): Promise<FinalItinerary> {
  const [[pkg], travellers, details, [settings], taxes] = await Promise.all([
    db
      .select({ title: packages.title, country: packages.country, itinerary: packages.itinerary, priceOptions: packages.priceOptions })
      .from(packages)
      .where(eq(packages.id, row.packageId)),
    db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, row.id)).orderBy(asc(bookingTravellers.position)),
    db
      .select({ travellerId: travellerDetails.travellerId, passportName: travellerDetails.passportName })
      .from(travellerDetails)
      .where(eq(travellerDetails.bookingId, row.id)),
    db.select({ name: siteSettings.brandName, phone: siteSettings.phonePrimary, email: siteSettings.email }).from(siteSettings).limit(1),
    getTaxRates(row.startDate),
  ]);
  const passportNames = new Map(details.map((detail) => [detail.travellerId, detail.passportName.trim()]));
  const options = pkg?.priceOptions ?? [];
  const option = options.find((candidate) => candidate.label === row.price.basis) ?? options.find((candidate) => candidate.hotels.length > 0);
  let night = 0;
  const hotels = (option?.hotels ?? []).map((stay) => {
    const checkIn = addDays(row.startDate, night);
    night += stay.nights;
    return { ...stay, checkIn, checkOut: addDays(row.startDate, night) };
  });
  return {
    reference: row.reference,
    packageTitle: row.packageTitle,
    country: pkg?.country ?? "",
    dates: `${row.departureName ? `${row.departureName}, ` : ""}${formatTourDateRange(row.startDate, row.endDate)}`,
    startDate: row.startDate,
    endDate: row.endDate,
    travellers: travellers.map((traveller) => listedTravellerName(traveller.name, traveller.position, passportNames.get(traveller.id))),
    days: [...(pkg?.itinerary ?? [])]
      .sort((a, b) => a.day - b.day)
      .map((day) => ({
        day: day.day,
        date: addDays(row.startDate, day.day - 1),
        title: fillTaxWords(day.title, taxes),
        description: fillTaxWords(day.description ?? "", taxes),
      })),
    hotels,
    agency: { name: settings?.name ?? "Pravas", phone: settings ? formatPhone(settings.phone) : "", email: settings?.email ?? "" },
  };
}

const MARGIN = 48;
const WIDTH = PAGE.width - MARGIN * 2;
const BOTTOM = PAGE.height - MARGIN - 20;

function heading(doc: Doc, text: string) {
  if (doc.y + 60 > BOTTOM) doc.addPage();
  doc.moveDown(0.8);
  font(doc, "display", 14, COLOR.accentStrong).text(text, MARGIN, doc.y, { width: WIDTH });
  doc
    .moveTo(MARGIN, doc.y + 3)
    .lineTo(MARGIN + WIDTH, doc.y + 3)
    .lineWidth(0.5)
    .strokeColor(COLOR.line)
    .stroke();
  doc.y += 10;
}

/** The A4 PDF of `itinerary`. */
export function finalItineraryPdf(itinerary: FinalItinerary): Promise<Buffer> {
  const title = `${ITINERARY_TITLE}: ${itinerary.packageTitle} (${itinerary.reference})`;
  const options = {
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { Title: title, Author: itinerary.agency.name, Creator: itinerary.agency.name },
  };
  return writePdf(options, (doc) => {
    // The band at the top, as the brochure's cover: the agency, the trip and its dates.
    doc.rect(0, 0, PAGE.width, 150).fill(COLOR.accentStrong);
    font(doc, "sansBold", 9, COLOR.accentSoft).text(`${itinerary.agency.name.toUpperCase()} · ${ITINERARY_TITLE.toUpperCase()}`, MARGIN, 36, { width: WIDTH });
    font(doc, "display", 24, COLOR.white).text(itinerary.packageTitle, MARGIN, 54, { width: WIDTH });
    font(doc, "sans", 11, COLOR.white).text(`${itinerary.dates} · Booking ${itinerary.reference}`, MARGIN, doc.y + 4, { width: WIDTH });
    doc.y = 170;

    font(doc, "sansBold", 10, COLOR.ink).text("Travellers", MARGIN, doc.y, { width: WIDTH });
    font(doc, "sans", 10, COLOR.inkSoft).text(itinerary.travellers.map((name, index) => `${index + 1}. ${name}`).join("\n"), { width: WIDTH });

    heading(doc, "Hotels");
    if (itinerary.hotels.length === 0) {
      font(doc, "sans", 10, COLOR.muted).text("Our team confirms your hotels before departure.", MARGIN, doc.y, { width: WIDTH });
    }
    for (const stay of itinerary.hotels) {
      if (doc.y + 40 > BOTTOM) doc.addPage();
      const nights = `${stay.nights} ${stay.nights === 1 ? "night" : "nights"}`;
      font(doc, "sansBold", 10, COLOR.ink).text(`${stay.destination}: ${stay.hotel}`, MARGIN, doc.y, { width: WIDTH });
      const extras = [stay.roomType, stay.mealPlan].filter(Boolean).join(", ");
      font(doc, "sans", 9.5, COLOR.inkSoft).text(
        `${dayLabel(stay.checkIn)} to ${dayLabel(stay.checkOut)} (${nights})${extras ? ` · ${extras}` : ""}`,
        MARGIN,
        doc.y,
        { width: WIDTH },
      );
      doc.moveDown(0.4);
    }

    heading(doc, "Day by day");
    for (const day of itinerary.days) {
      font(doc, "sans", 9.5);
      const needed = 34 + Math.min(120, doc.heightOfString(day.description, { width: WIDTH }));
      if (doc.y + needed > BOTTOM) doc.addPage();
      font(doc, "sansBold", 9, COLOR.accent).text(`DAY ${day.day} · ${dayLabel(day.date).toUpperCase()}`, MARGIN, doc.y, { width: WIDTH });
      font(doc, "sansBold", 11, COLOR.ink).text(day.title, MARGIN, doc.y + 1, { width: WIDTH });
      if (day.description) font(doc, "sans", 9.5, COLOR.inkSoft).text(day.description, MARGIN, doc.y + 2, { width: WIDTH });
      doc.moveDown(0.7);
    }

    heading(doc, "During the trip");
    font(doc, "sans", 10, COLOR.inkSoft).text(
      `Call ${itinerary.agency.name} on ${itinerary.agency.phone}${itinerary.agency.email ? ` or write to ${itinerary.agency.email}` : ""}, quoting ${itinerary.reference}. The order of sightseeing may change with the weather and local closures; hotels may be replaced by ones of a similar standard.`,
      MARGIN,
      doc.y,
      { width: WIDTH },
    );
    pageFooters(doc, `${itinerary.agency.name} · ${ITINERARY_TITLE} · ${itinerary.reference}`, { left: MARGIN, right: MARGIN });
  });
}
