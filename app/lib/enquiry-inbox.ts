import { isEnquirySource, isEnquiryStatus, type EnquirySource, type EnquiryStatus } from "./enquiry-status";

/** The inbox's filters, all in the URL (?status=&source=&package=&from=&to=&q=&sort=&page=). */
export type InboxFilters = {
  status: EnquiryStatus | "";
  source: EnquirySource | "";
  /** A package id, as text ("" for any). */
  package: string;
  /** Days in India (yyyy-mm-dd), inclusive. */
  from: string;
  to: string;
  q: string;
  sort: "newest" | "oldest";
  page: number;
};

export const INBOX_PAGE_SIZE = 25;

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function day(value: string | null): string {
  if (!value || !DAY.test(value)) return "";
  return Number.isNaN(new Date(`${value}T00:00:00Z`).getTime()) ? "" : value;
}

/** Reads the filters from the URL, ignoring anything unknown (never an error). */
export function parseInboxFilters(url: URL): InboxFilters {
  const get = (name: string) => url.searchParams.get(name);
  const status = get("status");
  const source = get("source");
  const pkg = get("package") ?? "";
  const page = Number.parseInt(get("page") ?? "1", 10);
  return {
    status: isEnquiryStatus(status) ? status : "",
    source: isEnquirySource(source) ? source : "",
    package: /^[1-9]\d{0,8}$/.test(pkg) ? pkg : "",
    from: day(get("from")),
    to: day(get("to")),
    q: (get("q") ?? "").trim().slice(0, 100),
    sort: get("sort") === "oldest" ? "oldest" : "newest",
    page: Number.isFinite(page) && page > 1 ? Math.min(page, 100_000) : 1,
  };
}

/** The query string of a filtered view (defaults left out), for links, pages and the CSV. */
export function inboxQuery(filters: InboxFilters, page = filters.page): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.source) params.set("source", filters.source);
  if (filters.package) params.set("package", filters.package);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.sort !== "newest") params.set("sort", filters.sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

export function hasActiveFilters(filters: InboxFilters): boolean {
  return Boolean(filters.q || filters.status || filters.source || filters.package || filters.from || filters.to);
}

/** Start of a day in India (UTC+5:30 all year: no daylight saving). */
export function indiaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+05:30`);
}

/** One row of the inbox list (and of the CSV). */
export type InboxRow = {
  key: string;
  source: EnquirySource;
  name: string;
  phone: string;
  email: string | null;
  packageTitle: string | null;
  travellers: number | null;
  preferredMonth: string | null;
  message: string | null;
  status: EnquiryStatus;
  assigneeName: string | null;
  createdAt: string;
};
