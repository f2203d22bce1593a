import { MAX_AMOUNT_PAISE } from "~/lib/money";

/**
 * The payment gateway behind one adapter (issue 46, ADR 090). The app asks it
 * for a payment link per amount due and hands it each webhook's raw request;
 * it answers in the app's own terms, whatever the provider. Three of them:
 * `fake`, a local page that plays the gateway for development and tests;
 * `razorpay`, through the official SDK; and `none`, which offers no links, so
 * only UPI and payments recorded by the team remain.
 */

export type PaymentGatewayName = "fake" | "razorpay" | "none";

export type PaymentLinkRequest = {
  /** The booking reference and the line, plus the attempt: "PRV-7KQ2M-BAL-1". Unique per link. */
  reference: string;
  amountPaise: number;
  /** What the payer sees on the gateway's page: "Bali, 12 Dec 2026: balance for PRV-7KQ2M". */
  description: string;
  expiresAt: Date;
  customer: { name: string; phone?: string; email?: string };
  /** Where the gateway sends the payer afterwards. */
  callbackUrl?: string;
};

export type PaymentLink = { id: string; url: string; reference: string; amountPaise: number; expiresAt: Date };

export type PaymentLinkResult =
  | { ok: true; link: PaymentLink }
  /** refused: the request itself (fix it, do not retry); unavailable: the gateway could not be reached or failed (try again later). */
  | { ok: false; reason: "refused" | "unavailable"; message: string };

export type GatewayEventKind = "paid" | "failed" | "expired" | "cancelled" | "ignored";

/** A webhook's event in the app's terms, read only from the signed body. */
export type GatewayEvent = {
  provider: Exclude<PaymentGatewayName, "none">;
  kind: GatewayEventKind;
  /** The provider's own name for it ("payment_link.paid"), for the log and the team's "needs a look" list. */
  providerEvent: string;
  /**
   * One per real-world fact: a payment delivered three times, or told by two
   * event types, has one key. The ledger stores it uniquely (ADR 090), which
   * makes a replay within the time window a no-op.
   */
  dedupeKey: string;
  /** The provider's id of this delivery, when it sends one (Razorpay's is a header outside the signature: logged, never trusted). */
  eventId: string | null;
  occurredAt: Date;
  /** The link's reference, as made by PaymentLinkRequest. */
  reference: string | null;
  linkId: string | null;
  paymentId: string | null;
  amountPaise: number | null;
  currency: string | null;
  /** How the payer paid (upi, card, netbanking…), as the provider says it. */
  method: string | null;
};

export type WebhookRefusal = "signature" | "stale" | "malformed" | "no-gateway";
/** Every refusal is a 400 with this message, and nothing is recorded. */
export type WebhookVerdict = { ok: true; event: GatewayEvent } | { ok: false; refusal: WebhookRefusal; message: string };

export type WebhookDelivery = { rawBody: Buffer; headers: Headers; now: Date };

export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  /** Whether booking pages offer a payment link. */
  readonly offersLinks: boolean;
  createPaymentLink(request: PaymentLinkRequest, now: Date): Promise<PaymentLinkResult>;
  verifyWebhook(delivery: WebhookDelivery): WebhookVerdict;
}

/** The limits both real gateways and the fake share: a reference Razorpay takes, a link that lives 15 minutes to 6 months. */
export function checkLinkRequest(request: PaymentLinkRequest, now: Date): string | null {
  if (!/^[A-Za-z0-9-]{1,40}$/.test(request.reference)) return `A link's reference is 1 to 40 letters, digits or -: ${request.reference}`;
  if (!Number.isSafeInteger(request.amountPaise) || request.amountPaise < 100 || request.amountPaise > MAX_AMOUNT_PAISE) {
    return "A payment link is for ₹1 to ₹1,00,00,000.";
  }
  const lifetime = request.expiresAt.getTime() - now.getTime();
  if (!(lifetime >= 16 * 60_000)) return "A payment link must stay open at least 16 minutes.";
  if (lifetime > 180 * 86_400_000) return "A payment link can stay open at most 180 days.";
  if (request.customer.name.trim() === "") return "A payment link needs the payer's name.";
  if (request.description.length > 2048) return "A link's description is at most 2,048 characters.";
  return null;
}
