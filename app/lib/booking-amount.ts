/**
 * What a booking asks the traveller to pay (ADR 115): its price with its taxes.
 * `totalPaise` is the price (the package's per-person prices, extras and a
 * discount); GST and, on an overseas package, TCS are stored beside it when the
 * price or the billing details change. The payment schedule, the money state,
 * reminders, UPI amounts, payment links, the trip page and the API all use this
 * sum, so they agree with the tax documents.
 */
export type BookingAmounts = { totalPaise: number; gstPaise: number; tcsPaise: number };

/** The price with GST and TCS: what the schedule's lines add up to. */
export const askedPaise = (booking: BookingAmounts): number => booking.totalPaise + booking.gstPaise + booking.tcsPaise;

/** The breakdown shown where the money is: price, GST, TCS and the total asked. */
export type AmountBreakdown = { pricePaise: number; gstPaise: number; tcsPaise: number; totalPaise: number };

export const amountBreakdown = (booking: BookingAmounts): AmountBreakdown => ({
  pricePaise: booking.totalPaise,
  gstPaise: booking.gstPaise,
  tcsPaise: booking.tcsPaise,
  totalPaise: askedPaise(booking),
});

/** "₹1,04,500 + GST ₹5,225 + TCS ₹2,194.50", or null when the price carries no tax. */
export function breakdownText(booking: BookingAmounts, format: (paise: number) => string): string | null {
  if (booking.gstPaise === 0 && booking.tcsPaise === 0) return null;
  return [format(booking.totalPaise), booking.gstPaise ? `GST ${format(booking.gstPaise)}` : null, booking.tcsPaise ? `TCS ${format(booking.tcsPaise)}` : null]
    .filter(Boolean)
    .join(" + ");
}
