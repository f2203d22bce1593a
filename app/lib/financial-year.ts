import { indianDate } from "~/lib/follow-up";

// Indian financial years (1 April – 31 March, Indian time): tax documents are numbered, and TCS thresholds counted, per year.

/** A financial year, named by the calendar year it starts in: 2026 is 2026-27. */
export type FinancialYear = { startYear: number; label: string; from: string; to: string };

function financialYear(startYear: number): FinancialYear {
  const two = (year: number) => String(year % 100).padStart(2, "0");
  return { startYear, label: `${two(startYear)}-${two(startYear + 1)}`, from: `${startYear}-04-01`, to: `${startYear + 1}-03-31` };
}

/** The financial year of an Indian calendar date, "2027-03-31". */
export function financialYearOfDate(date: string): FinancialYear {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  const year = Number(match[1]);
  return financialYear(Number(match[2]) >= 4 ? year : year - 1);
}

/** The financial year of a moment, by its date in India: 31 March 23:59 IST is still the old year. */
export function financialYearOf(at: Date): FinancialYear {
  return financialYearOfDate(indianDate(at));
}
