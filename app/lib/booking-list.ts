import { BOOKING_STATES, REFERENCE_PATTERN, type BookingState, type RoomSharing } from "./booking";
import type { MoneyStateKind } from "./money-state";

/**
 * The list's money filters (issue 46): "overdue" (a due date has passed with
 * money owing) and "due in 7 days" (a line falling due from today to 7 days
 * on, Indian dates, with money owing): the dashboard's "due this week", which
 * so takes in what the 7-days-before reminder is asking for that morning.
 */
export const MONEY_FILTERS = ["overdue", "due-7d"] as const;
export type MoneyFilter = (typeof MONEY_FILTERS)[number];
export const MONEY_FILTER_LABELS: Record<MoneyFilter, string> = { overdue: "Overdue", "due-7d": "Due in 7 days" };
/** "Due in 7 days" spans today and the 7 days after it. */
export const DUE_SOON_DAYS = 7;

/** The Bookings list's filters, all in the URL (?state=&package=&month=&expiring=24h&money=&q=&page=), as the API's query. */
export type BookingFilters = {
  state: BookingState | "";
  /** A package id, as text ("" for any). */
  package: string;
  /** The departure's month, "2027-03". */
  month: string;
  /** Holds whose deadline is within the next 24 hours. */
  expiring: boolean;
  /** Money owing: overdue, or due in the next 7 days ("" for any). */
  money: MoneyFilter | "";
  /** A reference, a name or a phone number. */
  q: string;
  page: number;
  /**
   * The pager's bookmark (keyset pagination): the reference of the last row of
   * the page before (`after`) or the first row of the page after (`before`), so a
   * deep page reads its 50 rows from the index instead of skipping all before it.
   * A page number without one (typed, or the API's) is read by offset.
   */
  after: string;
  before: string;
};

export const BOOKINGS_PAGE_SIZE = 50;

const isState = (value: string | null): value is BookingState => value !== null && (BOOKING_STATES as readonly string[]).includes(value);

/** A reference as the pager writes it ("PRV-7KQ2M"); anything else is no bookmark. */
const bookmark = (value: string | null) => (value && REFERENCE_PATTERN.test(value) ? value : "");

/** Reads the filters from a URL, ignoring anything unknown (never an error). */
export function parseBookingFilters(url: URL): BookingFilters {
  const get = (name: string) => url.searchParams.get(name);
  const pkg = get("package") ?? "";
  const month = get("month") ?? "";
  const page = Number.parseInt(get("page") ?? "1", 10);
  return {
    state: isState(get("state")) ? (get("state") as BookingState) : "",
    package: /^[1-9]\d{0,8}$/.test(pkg) ? pkg : "",
    month: /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : "",
    expiring: get("expiring") === "24h",
    money: (MONEY_FILTERS as readonly string[]).includes(get("money") ?? "") ? (get("money") as MoneyFilter) : "",
    q: (get("q") ?? "").trim().slice(0, 100),
    page: Number.isFinite(page) && page > 1 ? Math.min(page, 100_000) : 1,
    after: bookmark(get("after")),
    before: bookmark(get("before")),
  };
}

/** The query string of a filtered view (defaults left out). */
export function bookingQuery(filters: BookingFilters, page = filters.page, mark?: { after: string } | { before: string }): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.state) params.set("state", filters.state);
  if (filters.package) params.set("package", filters.package);
  if (filters.month) params.set("month", filters.month);
  if (filters.expiring) params.set("expiring", "24h");
  if (filters.money) params.set("money", filters.money);
  if (page > 1) params.set("page", String(page));
  if (page > 1 && mark) for (const [name, value] of Object.entries(mark)) params.set(name, value as string);
  const query = params.toString();
  return query ? `?${query}` : "";
}

export const hasBookingFilters = (filters: BookingFilters) =>
  Boolean(filters.q || filters.state || filters.package || filters.month || filters.expiring || filters.money);

/** One row of the Bookings list. */
export type BookingListRow = {
  reference: string;
  state: BookingState;
  leadName: string;
  leadPhone: string;
  packageTitle: string;
  departureName: string | null;
  startDate: string;
  endDate: string;
  seats: number;
  room: RoomSharing;
  totalPaise: number;
  /** The price with its GST and TCS (ADR 115). */
  askedPaise: number;
  /** ISO; held bookings only. */
  holdUntil: string | null;
  createdAt: string;
  /** What the booking's money is now (computed, ADR 090); null when it asks for no money (cancelled, expired). */
  money: BookingMoneySummary | null;
};

/** A booking's money in a list or the API: its state, what is owing and overdue, and the next amount due. */
export type BookingMoneySummary = {
  state: MoneyStateKind;
  paidPaise: number;
  owingPaise: number;
  overduePaise: number;
  /** The first line with money owing: its Indian due date and what is owing on it. */
  nextDue: { dueOn: string; amountPaise: number } | null;
};

/** The totals under the filtered list: every booking it counts, and the travellers and value of those still live or done (not cancelled or expired). */
/** totalPaise: the prices; askedPaise: with their GST and TCS (ADR 115), what the travellers owe in all. */
export type BookingTotals = { bookings: number; seats: number; totalPaise: number; askedPaise: number };
