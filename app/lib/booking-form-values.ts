/**
 * The booking form's values (issue 45, ADR 088): what the form shows, as text,
 * for a new booking (prefilled from an enquiry or a departure), a stored one,
 * or what a failed save sent back. Isomorphic, no Zod.
 */
import { PRIVATE_TRIP, TRAVELLER_KINDS, type BookingPrice, type RoomSharing, type StartState, type TravellerCounts, type TravellerKind } from "./booking";
import { formatPhone } from "./phone";
import { paiseToDecimalRupees } from "./money";

/** A package the form can book: its upcoming departures with their free seats, and its prices per traveller (paise). */
export type BookablePackage = {
  id: number;
  title: string;
  departures: { id: string; label: string }[];
  prices: { basis: string; label: string; units: BookingPrice["units"] }[];
};

export type BookingFormValues = {
  packageId: string;
  /** A departure's id, `PRIVATE_TRIP`, or "" while not chosen. */
  departureId: string;
  startDate: string;
  endDate: string;
  leadName: string;
  leadPhone: string;
  leadEmail: string;
  adults: string;
  childrenWithBed: string;
  childrenNoBed: string;
  travellers: { name: string; age: string }[];
  room: RoomSharing;
  priceBasis: string;
  extras: { label: string; amount: string }[];
  discountLabel: string;
  discountAmount: string;
  notes: string;
  /** New bookings: how it starts, and a hold's deadline (a `datetime-local` in Indian time). */
  state: StartState;
  holdUntil: string;
  /** The enquiry it is made from ("lead-12"). */
  enquiry: string;
};

export const blankBookingValues = (): BookingFormValues => ({
  packageId: "",
  departureId: "",
  startDate: "",
  endDate: "",
  leadName: "",
  leadPhone: "",
  leadEmail: "",
  adults: "1",
  childrenWithBed: "0",
  childrenNoBed: "0",
  travellers: [],
  room: "twin",
  priceBasis: "",
  extras: [],
  discountLabel: "",
  discountAmount: "",
  notes: "",
  state: "held",
  holdUntil: "",
  enquiry: "",
});

type StoredBooking = {
  packageId: number;
  departureId: string | null;
  startDate: string;
  endDate: string;
  leadName: string;
  leadPhone: string;
  leadEmail: string | null;
  adults: number;
  childrenWithBed: number;
  childrenNoBed: number;
  room: RoomSharing;
  price: BookingPrice;
  notes: string;
};

/** A stored booking as the edit form shows it (the price basis "" is the package's price). */
export function storedBookingValues(row: StoredBooking, travellers: { name: string; age: number | null }[], holdUntil: string): BookingFormValues {
  return {
    ...blankBookingValues(),
    packageId: String(row.packageId),
    departureId: row.departureId ?? PRIVATE_TRIP,
    startDate: row.departureId ? "" : row.startDate,
    endDate: row.departureId ? "" : row.endDate,
    leadName: row.leadName,
    leadPhone: row.leadPhone ? formatPhone(row.leadPhone) : "",
    leadEmail: row.leadEmail ?? "",
    adults: String(row.adults),
    childrenWithBed: String(row.childrenWithBed),
    childrenNoBed: String(row.childrenNoBed),
    travellers: travellers.map((traveller) => ({ name: traveller.name, age: traveller.age === null ? "" : String(traveller.age) })),
    room: row.room,
    priceBasis: row.price.basis === "Package price" ? "" : row.price.basis,
    extras: row.price.extras.map((extra) => ({ label: extra.label, amount: paiseToDecimalRupees(extra.amountPaise) })),
    discountLabel: row.price.discount?.label ?? "",
    discountAmount: row.price.discount ? paiseToDecimalRupees(row.price.discount.amountPaise) : "",
    notes: row.notes,
    holdUntil,
  };
}

/** The form's values from posted fields (a failed save's, a browser copy's), by conform's names. */
export function bookingValuesFromFields(fields: [string, string][], fallback: BookingFormValues): BookingFormValues {
  const sent = new Map(fields);
  const text = (name: string, otherwise = "") => sent.get(name) ?? otherwise;
  const rows = <T>(prefix: string, read: (index: number) => T): T[] => {
    const indexes = new Set<number>();
    for (const [name] of fields) {
      const match = new RegExp(`^${prefix}\\[(\\d+)\\]\\.`).exec(name);
      if (match) indexes.add(Number(match[1]));
    }
    return [...indexes].sort((a, b) => a - b).map(read);
  };
  const state = text("state", fallback.state);
  return {
    ...fallback,
    departureId: text("departureId", fallback.departureId),
    startDate: text("startDate", fallback.startDate),
    endDate: text("endDate", fallback.endDate),
    leadName: text("leadName"),
    leadPhone: text("leadPhone"),
    leadEmail: text("leadEmail"),
    adults: text("adults"),
    childrenWithBed: text("childrenWithBed"),
    childrenNoBed: text("childrenNoBed"),
    travellers: rows("travellers", (index) => ({ name: text(`travellers[${index}].name`), age: text(`travellers[${index}].age`) })),
    room: (["twin", "triple", "single"] as const).find((room) => room === text("room")) ?? fallback.room,
    priceBasis: text("priceBasis", fallback.priceBasis),
    extras: rows("extras", (index) => ({ label: text(`extras[${index}].label`), amount: text(`extras[${index}].amount`) })),
    discountLabel: text("discount.label"),
    discountAmount: text("discount.amount"),
    notes: text("notes"),
    state: state === "confirmed" || state === "waitlisted" ? state : "held",
    holdUntil: text("holdUntil", fallback.holdUntil),
  };
}

/** A traveller's name and age as typed. */
export type TravellerRow = BookingFormValues["travellers"][number];
export type TravellerRowsByKind = Record<TravellerKind, TravellerRow[]>;

const KIND_COUNT: Record<TravellerKind, keyof TravellerCounts> = { adult: "adults", "child-with-bed": "childrenWithBed", "child-no-bed": "childrenNoBed" };

/**
 * Travellers in seat order (adults, then children with bed, then without: the
 * order the form sends and the server reads) split by kind, so that the form
 * keeps each person's name with them when a count changes: one more adult must
 * not turn the first child's name into "Adult 3".
 */
export function travellerRowsByKind(rows: readonly TravellerRow[], counts: TravellerCounts): TravellerRowsByKind {
  let at = 0;
  const take = (count: number) => rows.slice(at, (at += count));
  return { adult: take(counts.adults), "child-with-bed": take(counts.childrenWithBed), "child-no-bed": take(counts.childrenNoBed) };
}

/** The form's traveller rows for these counts, in seat order: each kind's first rows (blank where nobody was typed), numbered within the kind. */
export function travellerRowsInSeatOrder(byKind: TravellerRowsByKind, counts: TravellerCounts) {
  return TRAVELLER_KINDS.flatMap((kind) =>
    Array.from({ length: counts[KIND_COUNT[kind]] }, (_, index) => ({ kind, number: index + 1, row: byKind[kind][index] ?? { name: "", age: "" } })),
  );
}
