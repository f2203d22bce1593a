import { redirectWithNotice } from "~/server/admin/notice.server";
import { cancelSeatRequest } from "./seat-requests.server";

const CANCEL_NOTICES = {
  cancelled: { kind: "success", message: "Seat request declined. The visitor is e-mailed if they gave an address." },
  unchanged: { kind: "success", message: "The request was already cancelled." },
  booked: { kind: "error", message: "A booking was made from this request: cancel the booking on its page instead." },
  "not-found": { kind: "error", message: "This enquiry is not a seat request." },
} as const;

/** The inbox page's "Decline the request": post/redirect/get with a notice that says what happened. Booking it is the booking form's (ADR 088). */
export async function handleSeatAction(leadId: number, page: string): Promise<Response> {
  const { outcome } = await cancelSeatRequest(leadId);
  return redirectWithNotice(page, CANCEL_NOTICES[outcome]);
}
