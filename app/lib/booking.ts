/**
 * Bookings (issue 45, ADR 088), as the back office, the API and the e-mails
 * show them: states and their transitions, travellers, rooms, and the price
 * as lines in integer paise. Isomorphic and free of Zod (booking-schema.ts
 * has the input).
 */
import { formatPaise } from "./price";
import type { RoomPreference as RoomSharing } from "./seats";

export const BOOKING_STATES = ["held", "confirmed", "waitlisted", "cancelled", "expired", "completed"] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

export const BOOKING_STATE_LABELS: Record<BookingState, string> = {
  held: "Held",
  confirmed: "Confirmed",
  waitlisted: "Waitlisted",
  cancelled: "Cancelled",
  expired: "Expired",
  completed: "Completed",
};

/** States whose travellers sit on the departure: they count against its capacity. */
export const SEAT_TAKING_STATES = ["held", "confirmed"] as const satisfies readonly BookingState[];
export const takesSeats = (state: BookingState) => (SEAT_TAKING_STATES as readonly string[]).includes(state);

/** States a booking can still be changed in (edited, moved on). */
export const isOpenState = (state: BookingState) => state === "held" || state === "confirmed" || state === "waitlisted";

/**
 * What staff may do to a booking, by its name in `POST /api/bookings/{ref}/{transition}`.
 * held → expired happens only at the hold's deadline (the hold sweep), never by hand.
 */
export const BOOKING_TRANSITIONS = {
  confirm: { from: ["held"], to: "confirmed", label: "Confirm the booking" },
  cancel: { from: ["held", "confirmed", "waitlisted"], to: "cancelled", label: "Cancel the booking" },
  offer: { from: ["waitlisted"], to: "held", label: "Offer the seats" },
  complete: { from: ["confirmed"], to: "completed", label: "Mark as completed" },
} as const satisfies Record<string, { from: readonly BookingState[]; to: BookingState; label: string }>;
export type BookingTransition = keyof typeof BOOKING_TRANSITIONS;
export const isBookingTransition = (value: string): value is BookingTransition => Object.hasOwn(BOOKING_TRANSITIONS, value);

/** The transitions open to a booking in `state`. */
export function transitionsFrom(state: BookingState): BookingTransition[] {
  return (Object.keys(BOOKING_TRANSITIONS) as BookingTransition[]).filter((name) =>
    (BOOKING_TRANSITIONS[name].from as readonly BookingState[]).includes(state),
  );
}

/** How a new booking starts. */
export const START_STATES = ["held", "confirmed", "waitlisted"] as const;
export type StartState = (typeof START_STATES)[number];

export const TRAVELLER_KINDS = ["adult", "child-with-bed", "child-no-bed"] as const;
export type TravellerKind = (typeof TRAVELLER_KINDS)[number];
export const TRAVELLER_KIND_LABELS: Record<TravellerKind, string> = {
  adult: "Adult",
  "child-with-bed": "Child with bed",
  "child-no-bed": "Child without bed",
};

/** Room sharing: the seat request's choices (twin, triple, single), with their labels. */
export { ROOM_PREFERENCES as ROOM_SHARINGS, ROOM_LABELS as ROOM_SHARING_LABELS, type RoomPreference as RoomSharing } from "./seats";
const BEDS_PER_ROOM: Record<RoomSharing, number> = { twin: 2, triple: 3, single: 1 };

/** At most this many travellers in one booking. */
export const BOOKING_TRAVELLERS_MAX = 50;

/** The booking form's trip choice for a private trip (its own dates); a departure's id never has the parentheses. */
export const PRIVATE_TRIP = "(private)";

/** Hold deadlines: the setting's default and its bounds, in hours. */
export const HOLD_HOURS_DEFAULT = 48;
export const HOLD_HOURS_MAX = 720;

/**
 * References: "PRV-" and 5 characters a person can read out on the phone,
 * without 0/O and 1/I/L. A seat request's is "PRV-2026-0001" (digits and a
 * year), so the two never look alike.
 */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERENCE_PATTERN = /^PRV-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}$/;

/** A reference typed loosely ("prv 7kq2m", "7KQ2M") as stored, or null. */
export function normalizeReference(text: string): string | null {
  const compact = text.toUpperCase().replace(/[\s-]/g, "");
  const code = compact.startsWith("PRV") ? compact.slice(3) : compact;
  const reference = `PRV-${code}`;
  return REFERENCE_PATTERN.test(reference) ? reference : null;
}

/** Prices per traveller (paise), copied from the package when booked; extras and a discount typed by staff. */
export type BookingPrice = {
  /** "Package price", or the label of the price option chosen ("Deluxe hotels"). */
  basis: string;
  units: { adult: number; childWithBed: number; childNoBed: number };
  extras: { label: string; amountPaise: number }[];
  discount: { label: string; amountPaise: number } | null;
};

export type TravellerCounts = { adults: number; childrenWithBed: number; childrenNoBed: number };

export type PriceLine = {
  kind: "traveller" | "extra" | "discount";
  label: string;
  /** Per traveller, for traveller lines. */
  unitPaise?: number;
  quantity?: number;
  /** Negative for the discount. */
  amountPaise: number;
};

/** The price as lines (travellers by kind, extras, the discount); the total is their sum. */
export function priceLines(price: BookingPrice, counts: TravellerCounts): PriceLine[] {
  const lines: PriceLine[] = [];
  const traveller = (label: string, unitPaise: number, quantity: number) => {
    if (quantity > 0) lines.push({ kind: "traveller", label, unitPaise, quantity, amountPaise: unitPaise * quantity });
  };
  traveller("Adult", price.units.adult, counts.adults);
  traveller("Child with bed", price.units.childWithBed, counts.childrenWithBed);
  traveller("Child without bed", price.units.childNoBed, counts.childrenNoBed);
  for (const extra of price.extras) lines.push({ kind: "extra", label: extra.label, amountPaise: extra.amountPaise });
  if (price.discount && price.discount.amountPaise > 0) {
    lines.push({ kind: "discount", label: price.discount.label || "Discount", amountPaise: -price.discount.amountPaise });
  }
  return lines;
}

export function totalPaise(price: BookingPrice, counts: TravellerCounts): number {
  return priceLines(price, counts).reduce((sum, line) => sum + line.amountPaise, 0);
}

/** "Adult × 2 at ₹1,04,500": a traveller line as words. */
export function priceLineText(line: PriceLine): string {
  if (line.kind === "traveller") return `${line.label} × ${line.quantity} at ${formatPaise(line.unitPaise ?? 0)}`;
  return line.label;
}

export const seatCount = (counts: TravellerCounts) => counts.adults + counts.childrenWithBed + counts.childrenNoBed;

/** "2 adults, 1 child with bed": the travellers as people say them. */
export function travellersText(counts: TravellerCounts): string {
  const part = (n: number, one: string, many: string) => (n > 0 ? `${n} ${n === 1 ? one : many}` : "");
  return (
    [
      part(counts.adults, "adult", "adults"),
      part(counts.childrenWithBed, "child with bed", "children with bed"),
      part(counts.childrenNoBed, "child without bed", "children without bed"),
    ]
      .filter(Boolean)
      .join(", ") || "no travellers"
  );
}

export const seatsText = (n: number) => `${n} seat${n === 1 ? "" : "s"}`;

export type RoomingTraveller = { name: string; kind: TravellerKind; age: number | null };
export type Room = { number: number; sharing: RoomSharing; beds: number; travellers: RoomingTraveller[] };

/**
 * The booking's rooms, for the rooming list: travellers who take a bed (adults,
 * children with bed) fill rooms of the booking's sharing in order; a child
 * without a bed sleeps in the first room. A room left part-empty (3 adults on
 * twin sharing) says so, and the team pairs it up or charges a single.
 */
export function roomsOf(room: RoomSharing, travellers: readonly RoomingTraveller[]): Room[] {
  const perRoom = BEDS_PER_ROOM[room];
  const inBeds = travellers.filter((traveller) => traveller.kind !== "child-no-bed");
  const rooms: Room[] = [];
  for (let i = 0; i < inBeds.length; i += perRoom) {
    rooms.push({ number: rooms.length + 1, sharing: room, beds: perRoom, travellers: inBeds.slice(i, i + perRoom) });
  }
  const withoutBeds = travellers.filter((traveller) => traveller.kind === "child-no-bed");
  if (withoutBeds.length > 0) {
    if (rooms.length === 0) rooms.push({ number: 1, sharing: room, beds: perRoom, travellers: [] });
    rooms[0]!.travellers.push(...withoutBeds);
  }
  return rooms;
}

/** "Asha Rao" or "Traveller 2 (name to come)". */
export const travellerName = (name: string, position: number) => name.trim() || `Traveller ${position} (name to come)`;
/** A traveller on the team's lists: as on the passport (or photo ID) once given on the trip page, else as booked. */
export const listedTravellerName = (booked: string, position: number, asOnId?: string | null) => travellerName(asOnId?.trim() || booked, position);
