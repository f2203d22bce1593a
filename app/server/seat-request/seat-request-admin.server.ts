import { redirectWithNotice } from "~/server/admin/notice.server";
import { cancelSeatRequest, confirmSeatRequest } from "./seat-requests.server";

/** The inbox page's Confirm and Cancel of a seat request: post/redirect/get with a notice that says what happened. */
export async function handleSeatAction(intent: "seat-confirm" | "seat-cancel", leadId: number, page: string): Promise<Response> {
  if (intent === "seat-confirm") {
    const { outcome, left } = await confirmSeatRequest(leadId);
    const notice =
      outcome === "confirmed"
        ? { kind: "success" as const, message: "Seats confirmed. The visitor is e-mailed if they gave an address." }
        : outcome === "full"
          ? { kind: "error" as const, message: `Not confirmed: the departure is full (${left ?? 0} seat${left === 1 ? "" : "s"} left).` }
          : outcome === "was-cancelled"
            ? { kind: "error" as const, message: "This request was cancelled: it cannot be confirmed." }
            : outcome === "not-found"
              ? { kind: "error" as const, message: "This enquiry is not a seat request." }
              : { kind: "success" as const, message: "The seats were already confirmed." };
    return redirectWithNotice(page, notice);
  }
  const { outcome } = await cancelSeatRequest(leadId);
  return redirectWithNotice(page, {
    kind: "success",
    message: outcome === "cancelled" ? "Seat request cancelled; its seats are free again." : "The request was already cancelled.",
  });
}
