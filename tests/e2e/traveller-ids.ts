/**
 * Every passport number and PAN the e2e tests type (issue 48): the specs type
 * them from here, and the run's global teardown (global-teardown.ts) fails the
 * run if any of them is in a server's log. A spec that types a new one adds it
 * here.
 */
export const TYPED_TRAVELLER_IDS = {
  /** The trip page's first traveller (bookings.spec.ts). */
  passportNumber: "K1234567",
  /** The trip page's second traveller (bookings.spec.ts). */
  travellerPan: "AAKPR4821M",
  /** The billing details' PAN on the booking's Documents panel (bookings.spec.ts, the money journey). */
  billingPan: "ABCPK1234F",
} as const;
