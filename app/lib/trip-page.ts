import type { DetailField } from "./traveller-details";

/** What the trip page's action answers (issue 48): one shape for the fetchers and for posts without JavaScript. */
export type DetailAnswer = { ok: true; value: string; masked?: string | null; warning?: string } | { ok: false; error: string; typed: string };

export type TripActionData =
  | { intent: "details"; travellerId: number; results: Partial<Record<DetailField, DetailAnswer>> }
  | { intent: "consent"; ok: boolean; error?: string }
  | { intent: "cancel"; ok: boolean; message: string; typed?: string }
  | { intent: "pay"; ok: false; message: string }
  /** The network or the server failed outright: the page stays, with what was typed. */
  | { intent: "failed"; failed: string };

export const TRIP_SAVE_FAILED =
  "Not saved: we could not reach the server. What you typed is kept here; it is tried again when you leave the field, or press Save.";
export const CANCELLATION_ASKED =
  "We have your request. Our team will call you to confirm the refund and the cancellation; your booking is not cancelled until then.";
export const CANCELLATION_ALREADY = "You have already asked us to cancel: our team will call you. Your booking is not cancelled until then.";

/** "Lost your link?": the same answer whether or not the reference and contact match a booking. */
export const LOST_LINK_SENT =
  "If these match a booking, we have e-mailed a new link to the address on it. It can take a few minutes; check your spam folder too. No e-mail on the booking? Call us.";
