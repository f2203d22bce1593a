import Razorpay from "razorpay";
import { z } from "zod";
import { type GatewayEvent, type PaymentGateway, type PaymentLinkResult, type WebhookVerdict, checkLinkRequest } from "./gateway.server";
import { CLOCK_SKEW_MS, isFresh, parseJsonBody, signatureMatches } from "./webhook-signature.server";

/**
 * Razorpay through its official SDK (issue 46, ADR 090): one Payment Link per
 * amount due, full amount only, and its webhooks checked against the
 * webhook secret before a byte of them is read.
 */

/** Razorpay retries a webhook for 24 hours after the event; older than that (and a clock's drift) is a replay. */
const RAZORPAY_EVENT_MAX_AGE_MS = 24 * 3_600_000 + CLOCK_SKEW_MS;
type RazorpaySettings = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** How long a link request may take before the team is told to try again. */
  timeoutMs?: number;
};

const linkEntity = z.object({ id: z.string().min(1), reference_id: z.string().nullish(), amount: z.number().int(), currency: z.string(), status: z.string() });
const paymentEntity = z.object({ id: z.string().min(1), amount: z.number().int(), currency: z.string(), status: z.string(), method: z.string().nullish() });
const razorpayEventSchema = z.object({
  entity: z.literal("event"),
  event: z.string().min(1),
  created_at: z.number().int().positive(),
  payload: z.object({
    payment_link: z.object({ entity: linkEntity }).optional(),
    payment: z.object({ entity: paymentEntity }).optional(),
  }),
});
type RazorpayEvent = z.infer<typeof razorpayEventSchema>;

/** The event in the app's terms; null when an event the app acts on lacks what it needs. */
function normalize(body: RazorpayEvent, eventId: string | null): GatewayEvent | null {
  const link = body.payload.payment_link?.entity ?? null;
  const payment = body.payload.payment?.entity ?? null;
  const base = {
    provider: "razorpay" as const,
    providerEvent: body.event,
    eventId,
    occurredAt: new Date(body.created_at * 1000),
    reference: link?.reference_id ?? null,
    linkId: link?.id ?? null,
    paymentId: payment?.id ?? null,
    amountPaise: payment?.amount ?? null,
    currency: payment?.currency ?? link?.currency ?? null,
    method: payment?.method ?? null,
  };
  switch (body.event) {
    // A partial payment cannot happen (partial payments are off); if one does, its money is real: it is a payment, which the ledger compares with the link's amount.
    case "payment_link.paid":
    case "payment_link.partially_paid":
      return link && payment ? { ...base, kind: "paid", dedupeKey: `razorpay:payment:${payment.id}` } : null;
    case "payment_link.expired":
    case "payment_link.cancelled":
      return link ? { ...base, kind: body.event === "payment_link.expired" ? "expired" : "cancelled", dedupeKey: `razorpay:${body.event}:${link.id}` } : null;
    case "payment.failed":
      return payment ? { ...base, kind: "failed", dedupeKey: `razorpay:payment.failed:${payment.id}` } : null;
    default:
      // payment.captured, order.paid and the rest tell of a payment that payment_link.paid also tells (with its reference): one is enough.
      return { ...base, kind: "ignored", dedupeKey: `razorpay:${body.event}:${payment?.id ?? link?.id ?? body.created_at}` };
  }
}

type SdkError = { statusCode: number; error?: { description?: string } };
const isSdkError = (error: unknown): error is SdkError => typeof error === "object" && error !== null && typeof (error as SdkError).statusCode === "number";

function linkFailure(error: unknown): PaymentLinkResult {
  if (isSdkError(error) && (error.statusCode === 401 || error.statusCode === 403)) {
    return { ok: false, reason: "refused", message: "Razorpay refused the API key: check PAYMENT_KEY_ID and PAYMENT_KEY_SECRET." };
  }
  if (isSdkError(error) && error.statusCode >= 400 && error.statusCode < 500) {
    return { ok: false, reason: "refused", message: `Razorpay refused the link: ${error.error?.description ?? `status ${error.statusCode}`}` };
  }
  // A 5xx, a timeout, or no answer at all (the SDK then throws a TypeError of its own).
  return { ok: false, reason: "unavailable", message: "Razorpay could not be reached, so no link was made: try again in a few minutes." };
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createRazorpayGateway(settings: RazorpaySettings): PaymentGateway {
  const client = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret });
  return {
    name: "razorpay",
    offersLinks: true,

    async createPaymentLink(request, now) {
      const problem = checkLinkRequest(request, now);
      if (problem) return { ok: false, reason: "refused", message: problem };
      try {
        const link = await within(
          client.paymentLink.create({
            amount: request.amountPaise,
            currency: "INR",
            accept_partial: false,
            reference_id: request.reference,
            description: request.description,
            expire_by: Math.floor(request.expiresAt.getTime() / 1000),
            customer: {
              name: request.customer.name,
              ...(request.customer.phone ? { contact: request.customer.phone } : {}),
              ...(request.customer.email ? { email: request.customer.email } : {}),
            },
            // Pravas sends its own reminders (ADR 090): Razorpay's would be a second voice.
            notify: { sms: false, email: false },
            reminder_enable: false,
            notes: { reference: request.reference },
            ...(request.callbackUrl ? { callback_url: request.callbackUrl, callback_method: "get" } : {}),
          }),
          settings.timeoutMs ?? 15_000,
        );
        return {
          ok: true,
          link: {
            id: link.id,
            url: link.short_url,
            reference: request.reference,
            amountPaise: Number(link.amount),
            expiresAt: new Date(Number(link.expire_by) * 1000),
          },
        };
      } catch (error) {
        return linkFailure(error);
      }
    },

    verifyWebhook({ rawBody, headers, now }): WebhookVerdict {
      // The signature first, over the bytes as they came: nothing unsigned is parsed.
      if (!signatureMatches(settings.webhookSecret, rawBody, headers.get("x-razorpay-signature"))) {
        return { ok: false, refusal: "signature", message: "The webhook's signature does not match." };
      }
      const parsed = razorpayEventSchema.safeParse(parseJsonBody(rawBody));
      if (!parsed.success) return { ok: false, refusal: "malformed", message: "The webhook's body is not a Razorpay event." };
      const body = parsed.data;
      if (!isFresh(new Date(body.created_at * 1000), now, RAZORPAY_EVENT_MAX_AGE_MS)) {
        return { ok: false, refusal: "stale", message: "The webhook's event is older than Razorpay's 24 hours of retries, or dated ahead: a replay." };
      }
      const event = normalize(body, headers.get("x-razorpay-event-id"));
      return event ? { ok: true, event } : { ok: false, refusal: "malformed", message: `The ${body.event} event lacks its payment or link.` };
    },
  };
}
