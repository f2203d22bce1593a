import { randomBytes } from "node:crypto";
import { z } from "zod";
import { type GatewayEvent, type PaymentGateway, type WebhookVerdict, checkLinkRequest } from "./gateway.server";
import { hmacSha256Hex, isFresh, parseJsonBody, signatureMatches } from "./webhook-signature.server";

/**
 * The fake gateway (issue 46, ADR 090), the default outside production: it
 * plays a real one end to end, so development and the tests go through the
 * same webhook path as money. A link is a signed token (no table needed) that
 * opens a local page where the payer chooses "pay", "fail" or "leave pending";
 * pay and fail are then POSTed to the webhook as a gateway would, signed over
 * the time and the raw body, and checked like Razorpay's.
 */

export const FAKE_SIGNATURE_HEADER = "x-pravas-fake-signature";
/** The fake delivers at once and never retries: five minutes is plenty, and bounds a replay. */
const FAKE_EVENT_MAX_AGE_MS = 5 * 60_000;
/** Where a fake link's page lives (the route comes with the booking pages). */
export const FAKE_CHECKOUT_PATH = "/payments/fake";

export type FakeLink = { id: string; reference: string; amountPaise: number; expiresAt: Date; description: string; payer: string };
export type FakeOutcome = "pay" | "fail";
/** What the fake gateway POSTs to the webhook: the body as bytes go out, and its headers. */
export type FakeDelivery = { body: string; headers: Record<string, string> };

const linkClaimsSchema = z.object({
  id: z.string(),
  ref: z.string(),
  amt: z.number().int().positive(),
  exp: z.number().int(),
  desc: z.string(),
  payer: z.string(),
});
const fakeEventSchema = z.object({
  id: z.string().min(1),
  type: z.enum(["payment.paid", "payment.failed"]),
  created_at: z.number().int().positive(),
  link: z.object({ id: z.string().min(1), reference: z.string().min(1), amount: z.number().int() }),
  payment: z.object({ id: z.string().min(1), amount: z.number().int(), currency: z.string(), method: z.string() }),
});

const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

export type FakeGateway = PaymentGateway & {
  /** The link a page token stands for, if this gateway signed it and it is still open. */
  readLink(token: string, now: Date): { ok: true; link: FakeLink } | { ok: false; reason: "unknown" | "expired" };
  /** The webhook call for the payer's choice. Paying a link twice is one payment, as on a real link. */
  eventFor(link: FakeLink, outcome: FakeOutcome, now: Date): FakeDelivery;
};

export function createFakeGateway(settings: { secret: string; siteUrl: string }): FakeGateway {
  // Links and webhooks are signed with one secret, each over its own prefix, so neither can pass for the other.
  const signLink = (payload: string) => hmacSha256Hex(settings.secret, `link.${payload}`);
  const siteUrl = settings.siteUrl.replace(/\/$/, "");

  return {
    name: "fake",
    offersLinks: true,

    async createPaymentLink(request, now) {
      const problem = checkLinkRequest(request, now);
      if (problem) return { ok: false, reason: "refused", message: problem };
      const id = `plink_fake_${randomBytes(9).toString("base64url")}`;
      const claims = {
        id,
        ref: request.reference,
        amt: request.amountPaise,
        exp: request.expiresAt.getTime(),
        desc: request.description,
        payer: request.customer.name,
      };
      const payload = base64url(JSON.stringify(claims));
      return {
        ok: true,
        link: {
          id,
          url: `${siteUrl}${FAKE_CHECKOUT_PATH}/${payload}.${signLink(payload)}`,
          reference: request.reference,
          amountPaise: request.amountPaise,
          expiresAt: request.expiresAt,
        },
      };
    },

    readLink(token, now) {
      const [payload = "", signature] = token.split(".");
      if (!signatureMatches(settings.secret, `link.${payload}`, signature)) return { ok: false, reason: "unknown" };
      const claims = linkClaimsSchema.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
      if (claims.exp <= now.getTime()) return { ok: false, reason: "expired" };
      return {
        ok: true,
        link: { id: claims.id, reference: claims.ref, amountPaise: claims.amt, expiresAt: new Date(claims.exp), description: claims.desc, payer: claims.payer },
      };
    },

    eventFor(link, outcome, now) {
      const createdAt = Math.floor(now.getTime() / 1000);
      // The link's one payment: its id follows from the link's, so a second "pay" repeats the first.
      const paymentId =
        outcome === "pay" ? `pay_fake_${hmacSha256Hex(settings.secret, `payment.${link.id}`).slice(0, 16)}` : `pay_fake_${randomBytes(8).toString("hex")}`;
      const body = JSON.stringify({
        id: `evt_fake_${randomBytes(8).toString("hex")}`,
        type: outcome === "pay" ? "payment.paid" : "payment.failed",
        created_at: createdAt,
        link: { id: link.id, reference: link.reference, amount: link.amountPaise },
        payment: { id: paymentId, amount: link.amountPaise, currency: "INR", method: "upi" },
      });
      const signature = hmacSha256Hex(settings.secret, `${createdAt}.${body}`);
      return { body, headers: { "content-type": "application/json", [FAKE_SIGNATURE_HEADER]: `t=${createdAt},v1=${signature}` } };
    },

    verifyWebhook({ rawBody, headers, now }): WebhookVerdict {
      const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(headers.get(FAKE_SIGNATURE_HEADER) ?? "");
      if (!match || !signatureMatches(settings.secret, Buffer.concat([Buffer.from(`${match[1]}.`), rawBody]), match[2])) {
        return { ok: false, refusal: "signature", message: "The webhook's signature does not match." };
      }
      if (!isFresh(new Date(Number(match[1]) * 1000), now, FAKE_EVENT_MAX_AGE_MS)) {
        return { ok: false, refusal: "stale", message: "The webhook was signed more than 5 minutes ago, or ahead of now: a replay." };
      }
      const parsed = fakeEventSchema.safeParse(parseJsonBody(rawBody));
      if (!parsed.success) return { ok: false, refusal: "malformed", message: "The webhook's body is not a fake gateway event." };
      const body = parsed.data;
      const event: GatewayEvent = {
        provider: "fake",
        kind: body.type === "payment.paid" ? "paid" : "failed",
        providerEvent: body.type,
        dedupeKey: `fake:${body.type === "payment.paid" ? "payment" : "payment.failed"}:${body.payment.id}`,
        eventId: body.id,
        occurredAt: new Date(body.created_at * 1000),
        reference: body.link.reference,
        linkId: body.link.id,
        paymentId: body.payment.id,
        amountPaise: body.payment.amount,
        currency: body.payment.currency,
        method: body.payment.method,
      };
      return { ok: true, event };
    },
  };
}

/** POSTs the fake's call to the webhook, as a gateway would: the status it got, or 0 when nothing answered within 10 s. */
export async function deliverFakeWebhook(webhookUrl: string, delivery: FakeDelivery): Promise<number> {
  try {
    const response = await fetch(webhookUrl, {
      method: "POST",
      headers: delivery.headers,
      body: delivery.body,
      signal: AbortSignal.timeout(10_000),
      redirect: "manual",
    });
    await response.body?.cancel();
    return response.status;
  } catch {
    return 0;
  }
}
