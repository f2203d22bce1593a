import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { formatDayTime } from "~/lib/admin-format";
import { ROOM_SHARING_LABELS, TRAVELLER_KIND_LABELS, listedTravellerName, travellersText } from "~/lib/booking";
import { askedPaise, breakdownText } from "~/lib/booking-amount";
import { indianDate } from "~/lib/follow-up";
import { asksForMoney, MONEY_STATE_LABELS } from "~/lib/money-state";
import { scheduleLineLabel } from "~/lib/payment-schedule";
import { formatPaise } from "~/lib/price";
import { formatTourDateRange } from "~/lib/tour-format";
import { expiryWarning } from "~/lib/traveller-details";
import { tripDetailsNotice } from "~/server/legal/legal-queries.server";
import { getDb } from "~/server/db/db.server";
import { packageIsAbroad } from "~/server/db/package-abroad.server";
import { bookings, bookingTasks, bookingTravellers, packages, siteSettings, travellerDetails, tripConsents, type BookingRow } from "~/server/db/schema.server";
import { amountDueUri, upiSettings } from "~/server/payment-ledger/amount-due.server";
import { bookingMoney } from "~/server/payment-ledger/booking-money.server";
import { getPaymentGateway } from "~/server/payment/payment-gateway-service.server";
import { upiQrSvg } from "~/server/payment/upi-qr.server";
import { cancellationCharge, SITE_REFUND_RULE } from "~/server/tax/refund-rule.server";
import { loadTaxRules } from "~/server/tax/tax-store.server";
import { tcsPanSlabs } from "~/server/tax/tcs.server";
import { maskedField, travellerDataKey } from "./sealed-field.server";
import { receiptsSoFar } from "~/server/document/current-booking-taxes.server";
import { tripDocuments, type DocumentHrefs } from "./trip-documents.server";

/**
 * The private trip page's data (issue 48, ADR 108), for the traveller (by
 * token) and for staff ("View as traveller"). Nothing sealed is ever opened
 * here: passport numbers and PANs are shown masked to the traveller too.
 */

const STATE_WORDS: Record<BookingRow["state"], (row: BookingRow) => string> = {
  held: (row) =>
    `Your seats are held for you until ${row.holdUntil ? `${formatDayTime(row.holdUntil)} (Indian time)` : "the date we gave you"}. Call or message us before then to confirm them.`,
  confirmed: () => "Your booking is confirmed.",
  waitlisted: () => "You are on the waitlist: we will write to you as soon as seats come free.",
  cancelled: (row) => `This booking is cancelled${row.cancelReason ? `: ${row.cancelReason}` : ""}.`,
  expired: () => "The hold on these seats ended before the booking was confirmed. Call us if you would still like to travel.",
  completed: () => "This trip is complete. Welcome home!",
};

/** The live booking (not deleted) by id. */
export async function tripBooking(bookingId: number): Promise<BookingRow | null> {
  const [row] = await getDb()
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), isNull(bookings.deletedAt)));
  return row ?? null;
}

/** What cancelling today would cost and give back, by the package's refund rule (ADR 092). */
/**
 * The tour cost is the price with its GST (the documents' supply, ADR 115); TCS is not refunded:
 * `tcsKeptPaise`, the TCS the booking's receipts collected, stays out of what comes back (ADR 120), as on the credit note.
 */
export function cancellationQuote(row: Pick<BookingRow, "startDate" | "totalPaise" | "gstPaise">, paidPaise: number, now: Date, tcsKeptPaise = 0) {
  const today = indianDate(now);
  const forPackage = Math.max(0, paidPaise - tcsKeptPaise);
  const { daysBefore, refundBps, charge } = cancellationCharge(SITE_REFUND_RULE, {
    cancelledOn: today,
    departsOn: row.startDate,
    tourCost: row.totalPaise + row.gstPaise,
    paid: forPackage,
  });
  const refundPaise = Math.max(0, forPackage - charge);
  return { today, daysBefore, refundBps, chargePaise: charge, paidPaise, tcsKeptPaise, refundPaise };
}

/** The TCS the booking's live receipts collected: what a cancellation does not give back. */
export const tcsKept = async (row: Pick<BookingRow, "id" | "billingPan">) => (await receiptsSoFar(getDb(), row, false)).tcsPaise;

export const quoteText = (quote: ReturnType<typeof cancellationQuote>) =>
  quote.daysBefore < 0
    ? "The trip has already started: a cancellation now gives no refund under the package's rule."
    : `Cancelling today, ${quote.daysBefore} ${quote.daysBefore === 1 ? "day" : "days"} before departure, the package's rule refunds ${quote.refundBps / 100}% of the tour cost: the cancellation charge is ${formatPaise(quote.chargePaise)}. Of the ${formatPaise(quote.paidPaise)} paid, ${formatPaise(quote.refundPaise)} would come back to you.${quote.tcsKeptPaise > 0 ? ` The TCS of ${formatPaise(quote.tcsKeptPaise)} collected on your payments is not refunded: it is your tax credit.` : ""}`;

export async function loadTripPage(row: BookingRow, now: Date, documentHrefs: DocumentHrefs) {
  const db = getDb();
  const [travellers, details, consent, abroad, settings, openTasks, money, upi, notice, taxRules] = await Promise.all([
    db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, row.id)).orderBy(asc(bookingTravellers.position)),
    db.select().from(travellerDetails).where(eq(travellerDetails.bookingId, row.id)),
    db.select({ givenAt: tripConsents.givenAt }).from(tripConsents).where(eq(tripConsents.bookingId, row.id)),
    db.select({ abroad: packageIsAbroad }).from(packages).where(eq(packages.id, row.packageId)),
    db.select({ brandName: siteSettings.brandName, phone: siteSettings.phonePrimary }).from(siteSettings).limit(1),
    db
      .select({ id: bookingTasks.id, createdAt: bookingTasks.createdAt })
      .from(bookingTasks)
      .where(and(eq(bookingTasks.bookingId, row.id), inArray(bookingTasks.kind, ["cancellation"]), isNull(bookingTasks.doneAt))),
    bookingMoney(db, row, now),
    upiSettings(db),
    tripDetailsNotice(db),
    // Only a booking that asks TCS names its rates (the PAN hint).
    row.tcsPaise > 0 ? loadTaxRules(db) : null,
  ]);
  const today = indianDate(now);
  /** Passports are asked by the one rule of a trip abroad (ADR 092): the package's overseas setting, else its region. */
  const overseas = abroad[0]?.abroad === true;
  const byTraveller = new Map(details.map((detail) => [detail.travellerId, detail]));
  const asks = asksForMoney(row.state);
  const gateway = getPaymentGateway();
  const dues = await Promise.all(
    money.state.lines
      .filter((line) => asks && line.outstandingPaise > 0)
      .map(async (line) => {
        const label = scheduleLineLabel(money.schedule, line);
        const uri = amountDueUri(upi, { bookingReference: row.reference, lineKey: line.key, label, amountPaise: line.outstandingPaise });
        const link = money.links.find(
          (candidate) => candidate.lineKey === line.key && candidate.amountPaise === line.outstandingPaise && candidate.expiresAt > now,
        );
        return {
          key: line.key,
          label,
          amount: formatPaise(line.outstandingPaise),
          dueOn: line.dueOn,
          overdue: line.status === "overdue",
          upiUri: uri,
          qrSvg: uri ? await upiQrSvg(uri) : null,
          linkUrl: link?.url ?? null,
        };
      }),
  );
  const quote = cancellationQuote(row, money.state.paidPaise, now, await tcsKept(row));
  const before = today < row.startDate;
  return {
    reference: row.reference,
    packageTitle: row.packageTitle,
    dates: `${row.departureName ? `${row.departureName}, ` : ""}${formatTourDateRange(row.startDate, row.endDate)}`,
    startDate: row.startDate,
    endDate: row.endDate,
    state: row.state,
    stateWords: STATE_WORDS[row.state](row),
    travellersText: travellersText(row),
    room: ROOM_SHARING_LABELS[row.room],
    leadName: row.leadName,
    agency: { name: settings[0]?.brandName ?? "Pravas", phone: settings[0]?.phone ?? "" },
    money: {
      label: asks ? MONEY_STATE_LABELS[money.state.kind] : null,
      /** What the booking asks for: the price with its GST and TCS (ADR 115), and how it is made up. */
      total: formatPaise(askedPaise(row)),
      breakdown: breakdownText(row, formatPaise),
      paid: formatPaise(money.state.paidPaise),
      owing: formatPaise(asks ? money.state.owingPaise : 0),
      dues,
      offersLinks: gateway.offersLinks,
    },
    documents: await tripDocuments(row, documentHrefs),
    details: {
      /** Details are asked for until the day of departure. */
      open: before && (row.state === "held" || row.state === "confirmed"),
      overseas,
      /** The TCS the booking asks, at the rule in force today, for the PAN's hint; null when it asks none. */
      tcs: taxRules ? { slabs: tcsPanSlabs(taxRules, today) } : null,
      consented: consent.length > 0,
      /** The notice of the legal pages screen (ADR 117), sanitized HTML. */
      noticeHtml: notice.html,
      /** Without TRAVELLER_DATA_KEY the passport number and PAN are refused. */
      sealing: travellerDataKey() !== null,
      today,
      travellers: travellers.map((traveller) => {
        const detail = byTraveller.get(traveller.id);
        return {
          id: traveller.id,
          name: listedTravellerName(traveller.name, traveller.position, detail?.passportName),
          kind: TRAVELLER_KIND_LABELS[traveller.kind],
          values: {
            passportName: detail?.passportName ?? "",
            dateOfBirth: detail?.dateOfBirth ?? "",
            passportIssuedOn: detail?.passportIssuedOn ?? "",
            passportExpiresOn: detail?.passportExpiresOn ?? "",
            food: detail?.food ?? "",
            medical: detail?.medical ?? "",
            emergencyContact: detail?.emergencyContact ?? "",
          },
          masked: { passportNumber: maskedField(detail?.passportNumberLast4 ?? null), pan: maskedField(detail?.panLast4 ?? null) },
          expiryWarning: overseas ? expiryWarning(detail?.passportExpiresOn, row.endDate) : undefined,
        };
      }),
    },
    cancellation: {
      open: row.state === "held" || row.state === "confirmed" || row.state === "waitlisted",
      asked: openTasks.length > 0 ? openTasks[0]!.createdAt.toISOString() : null,
      quote,
      quoteText: quoteText(quote),
    },
  };
}

export type TripPageData = Awaited<ReturnType<typeof loadTripPage>>;
