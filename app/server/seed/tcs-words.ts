/**
 * The seeded FAQ and legal words about TCS, before and after ADR 115: the
 * seed said "5% TCS" on international trips, the rule until 31 March 2026
 * (and only up to ₹10 lakh a year); since 1 April 2026 it is 2% of the amount
 * paid, GST included, and 5% without a PAN (ADR 092's rules). The seed writes
 * the new words; a database seeded before gets them once (seed ledger
 * `text-fix:tcs-2026`), sentence by sentence, only where the old sentence is
 * still there word for word, so an admin's own wording is never overwritten.
 */
export const TCS_WORD_FIXES = {
  faq: {
    question: "Are taxes included in the prices shown?",
    from: "International trips also carry 5% TCS (Tax Collected at Source) as required under the Income Tax Act, which you can claim as credit when you file your income tax return.",
    to: "International trips also carry TCS (Tax Collected at Source) under the Income-tax Act: 2% of the amount you pay, GST included, from 1 April 2026, or 5% if you do not give us your PAN. You can claim it as credit when you file your income tax return.",
  },
  terms: {
    slug: "terms-conditions",
    from: "For <strong>international</strong> tour packages, <strong>5% TCS</strong> (Tax Collected at Source) is also collected as required under the Income Tax Act, 1961; a higher rate may apply where the law requires.",
    to: "For <strong>international</strong> tour packages, <strong>TCS</strong> (Tax Collected at Source) is also collected under the Income-tax Act: <strong>2%</strong> of the amount paid, GST included, from 1 April 2026, or <strong>5%</strong> where no PAN is given.",
  },
  termsDescription: {
    slug: "terms-conditions",
    from: "rupee prices with 5% GST and 5% TCS on international tours",
    to: "rupee prices with 5% GST and TCS on international tours (2% from 1 April 2026)",
  },
} as const;
