import { financialYearOfDate } from "./financial-year";

/**
 * The periods the accountant's registers cover (issue 47): a calendar month,
 * or a quarter of the Indian financial year (Q1 April–June … Q4 January–March,
 * the quarters of GSTR-1 for small taxpayers and of Form 27EQ). Dates are
 * Indian calendar dates, as every document's date is. In the address:
 * `2026-11` for a month, `2026-27-Q3` for a quarter.
 */

export type TaxPeriod = {
  key: string;
  kind: "month" | "quarter";
  from: string;
  to: string;
  label: string;
};

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const pad = (value: number) => String(value).padStart(2, "0");
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function month(year: number, monthNumber: number): TaxPeriod {
  return {
    key: `${year}-${pad(monthNumber)}`,
    kind: "month",
    from: `${year}-${pad(monthNumber)}-01`,
    to: `${year}-${pad(monthNumber)}-${pad(lastDay(year, monthNumber))}`,
    label: `${MONTHS[monthNumber - 1]} ${year}`,
  };
}

/** Quarter 1–4 of the financial year starting in April of `startYear`. */
function quarter(startYear: number, number: number): TaxPeriod {
  const firstMonth = ((number - 1) * 3 + 3) % 12; // 0-based: April, July, October, January
  const year = number === 4 ? startYear + 1 : startYear;
  const first = month(year, firstMonth + 1);
  const last = month(year, firstMonth + 3);
  const fy = `${startYear}-${pad((startYear + 1) % 100)}`;
  return {
    key: `${fy}-Q${number}`,
    kind: "quarter",
    from: first.from,
    to: last.to,
    label: `Q${number} ${fy} (${MONTHS[firstMonth]}–${MONTHS[firstMonth + 2]} ${year})`,
  };
}

/** The period an address names, or null when it names none. */
export function parseTaxPeriod(key: string | null): TaxPeriod | null {
  if (!key) return null;
  const monthMatch = /^(\d{4})-(\d{2})$/.exec(key);
  if (monthMatch) {
    const monthNumber = Number(monthMatch[2]);
    return monthNumber >= 1 && monthNumber <= 12 ? month(Number(monthMatch[1]), monthNumber) : null;
  }
  const quarterMatch = /^(\d{4})-(\d{2})-Q([1-4])$/.exec(key);
  if (quarterMatch) {
    const startYear = Number(quarterMatch[1]);
    if (Number(quarterMatch[2]) !== (startYear + 1) % 100) return null;
    return quarter(startYear, Number(quarterMatch[3]));
  }
  return null;
}

/** The month `today` is in, and the 11 before it, newest first. */
export function recentMonths(today: string, count = 12): TaxPeriod[] {
  let year = Number(today.slice(0, 4));
  let monthNumber = Number(today.slice(5, 7));
  const months: TaxPeriod[] = [];
  for (let index = 0; index < count; index++) {
    months.push(month(year, monthNumber));
    monthNumber -= 1;
    if (monthNumber === 0) {
      monthNumber = 12;
      year -= 1;
    }
  }
  return months;
}

/** The financial-year quarter `today` is in, and the ones before it, newest first. */
export function recentQuarters(today: string, count = 8): TaxPeriod[] {
  let startYear = financialYearOfDate(today).startYear;
  const monthNumber = Number(today.slice(5, 7));
  let number = monthNumber >= 4 ? Math.floor((monthNumber - 4) / 3) + 1 : 4;
  const quarters: TaxPeriod[] = [];
  for (let index = 0; index < count; index++) {
    quarters.push(quarter(startYear, number));
    number -= 1;
    if (number === 0) {
      number = 4;
      startYear -= 1;
    }
  }
  return quarters;
}
