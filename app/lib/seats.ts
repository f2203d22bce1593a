/**
 * Seats on a departure (issue 26, ADR 059), as the public page, the editor and
 * the team's screens show them. Isomorphic and free of Zod: the package page
 * imports it.
 */

/** At most this many travellers in one seat request. */
export const SEAT_REQUEST_TRAVELLERS_MAX = 20;

export const ROOM_PREFERENCES = ["twin", "triple", "single"] as const;
export type RoomPreference = (typeof ROOM_PREFERENCES)[number];
export const ROOM_LABELS: Record<RoomPreference, string> = { twin: "Twin sharing", triple: "Triple sharing", single: "Single room" };

/** A seat request's own pipeline: Requested, then Booked (a booking was made from it, ADR 088) or Cancelled (declined). */
export const SEAT_STATUSES = ["requested", "booked", "cancelled"] as const;
export type SeatStatus = (typeof SEAT_STATUSES)[number];
export const SEAT_STATUS_LABELS: Record<SeatStatus, string> = { requested: "Requested", booked: "Booked", cancelled: "Cancelled" };

/** "Only" from this many seats left down. */
const FEW_SEATS = 5;

/** Seats left: capacity less the seats held and confirmed by bookings (ADR 088); null without a capacity. */
export function seatsLeft(capacity: number | null | undefined, taken: number): number | null {
  if (capacity === undefined || capacity === null) return null;
  return Math.max(0, capacity - taken);
}

/** "12 seats left", "Only 3 seats left", "Sold out"; null without a capacity (nothing shown). */
export function seatsLabel(left: number | null): string | null {
  if (left === null) return null;
  if (left <= 0) return "Sold out";
  const seats = `${left} seat${left === 1 ? "" : "s"} left`;
  return left <= FEW_SEATS ? `Only ${seats}` : seats;
}

/** What the visitor reads once a seat request is stored. */
export function seatRequestSentMessage(reference: string): string {
  return `Thank you! Your seat request ${reference} has been sent. It is not a booking yet: our team will call you to confirm the seats.`;
}

/** The package page's "Request seats" form names itself in an `intent` field (the enquiry form posts to the same action). */
export const SEAT_REQUEST_INTENT = "seats";
