import fc from "fast-check";
import nock from "nock";
import Razorpay from "razorpay";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PaymentLinkRequest, WebhookVerdict } from "./gateway.server";
import { createRazorpayGateway } from "./razorpay-gateway.server";
import { hmacSha256Hex } from "./webhook-signature.server";

/**
 * The Razorpay adapter against the real SDK, its HTTP faked with nock (the
 * SDK's axios over Node's http, intercepted; nothing leaves the machine), and
 * its webhooks signed as Razorpay signs them.
 */

const settings = { keyId: "rzp_test_1DP5mmOlF5G5ag", keySecret: "thisIsTheKeySecret", webhookSecret: "whsec-pravas-0123456789" };
const gateway = createRazorpayGateway({ ...settings, timeoutMs: 300 });
const now = new Date("2026-11-02T06:30:00Z"); // 2 Nov 2026, 12:00 IST
const nowSeconds = now.getTime() / 1000;

const request: PaymentLinkRequest = {
  reference: "PRV-7KQ2M-BAL-1",
  amountPaise: 1_56_750_00,
  description: "Bali, 12 Dec 2026: balance for PRV-7KQ2M",
  expiresAt: new Date("2026-11-12T18:29:59Z"),
  customer: { name: "Asha Rao", phone: "+919845012345", email: "asha@example.com" },
};

/** A payment link as Razorpay's API answers it (its documented entity). */
const createdLink = {
  accept_partial: false,
  amount: 1_56_750_00,
  amount_paid: 0,
  cancelled_at: 0,
  created_at: nowSeconds,
  currency: "INR",
  customer: { contact: "+919845012345", email: "asha@example.com", name: "Asha Rao" },
  description: request.description,
  expire_by: 1_794_508_199,
  expired_at: 0,
  first_min_partial_amount: 0,
  id: "plink_PRV7KQ2MBAL1",
  notes: { reference: "PRV-7KQ2M-BAL-1" },
  notify: { email: false, sms: false },
  payments: null,
  reference_id: "PRV-7KQ2M-BAL-1",
  reminder_enable: false,
  reminders: [],
  short_url: "https://rzp.io/i/PRV7KQ2M",
  status: "created",
  updated_at: nowSeconds,
  upi_link: false,
  user_id: "",
};

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe("createPaymentLink", () => {
  it("asks the SDK for a full-amount Payment Link with the reference and expiry, and returns its short URL", async () => {
    let sent: unknown;
    const api = nock("https://api.razorpay.com")
      .post("/v1/payment_links", (body) => {
        sent = body;
        return true;
      })
      .basicAuth({ user: settings.keyId, pass: settings.keySecret })
      .reply(200, createdLink);
    const result = await gateway.createPaymentLink(request, now);
    expect(api.isDone()).toBe(true);
    expect(sent).toEqual({
      amount: 1_56_750_00,
      currency: "INR",
      accept_partial: false,
      reference_id: "PRV-7KQ2M-BAL-1",
      description: "Bali, 12 Dec 2026: balance for PRV-7KQ2M",
      // 12 Nov 2026, 23:59:59 IST: the end of the balance's due day.
      expire_by: 1_794_508_199,
      customer: { name: "Asha Rao", contact: "+919845012345", email: "asha@example.com" },
      notify: { sms: false, email: false },
      reminder_enable: false,
      notes: { reference: "PRV-7KQ2M-BAL-1" },
    });
    expect(result).toEqual({
      ok: true,
      link: {
        id: "plink_PRV7KQ2MBAL1",
        url: "https://rzp.io/i/PRV7KQ2M",
        reference: "PRV-7KQ2M-BAL-1",
        amountPaise: 1_56_750_00,
        expiresAt: new Date("2026-11-12T18:29:59Z"),
      },
    });
  });

  it("says what Razorpay refused, and tells a wrong key apart", async () => {
    nock("https://api.razorpay.com")
      .post("/v1/payment_links")
      .reply(400, {
        error: {
          code: "BAD_REQUEST_ERROR",
          description: "reference_id already exists",
          source: "business",
          step: "payment_initiation",
          reason: "input_validation_failed",
        },
      });
    expect(await gateway.createPaymentLink(request, now)).toEqual({
      ok: false,
      reason: "refused",
      message: "Razorpay refused the link: reference_id already exists",
    });
    nock("https://api.razorpay.com")
      .post("/v1/payment_links")
      .reply(401, { error: { code: "BAD_REQUEST_ERROR", description: "The api key provided is invalid" } });
    expect(await gateway.createPaymentLink(request, now)).toEqual({
      ok: false,
      reason: "refused",
      message: "Razorpay refused the API key: check PAYMENT_KEY_ID and PAYMENT_KEY_SECRET.",
    });
  });

  it("is unavailable, never a crash, on a 5xx, a dropped connection or no answer in time", async () => {
    const unavailable = { ok: false, reason: "unavailable", message: "Razorpay could not be reached, so no link was made: try again in a few minutes." };
    nock("https://api.razorpay.com").post("/v1/payment_links").reply(502, "Bad gateway");
    expect(await gateway.createPaymentLink(request, now)).toEqual(unavailable);
    nock("https://api.razorpay.com").post("/v1/payment_links").replyWithError({ code: "ECONNRESET", message: "socket hang up" });
    expect(await gateway.createPaymentLink(request, now)).toEqual(unavailable);
    nock("https://api.razorpay.com").post("/v1/payment_links").delay(2_000).reply(200, createdLink);
    expect(await gateway.createPaymentLink(request, now)).toEqual(unavailable);
  });

  it("refuses a request no link should be made for, without calling Razorpay", async () => {
    // disableNetConnect: a call would fail as "unavailable", not with these messages.
    const refused = async (change: Partial<PaymentLinkRequest>) => gateway.createPaymentLink({ ...request, ...change }, now);
    expect(await refused({ amountPaise: 99 })).toMatchObject({ reason: "refused", message: "A payment link is for ₹1 to ₹1,00,00,000." });
    expect(await refused({ reference: "PRV 7KQ2M" })).toMatchObject({ reason: "refused" });
    expect(await refused({ expiresAt: new Date(now.getTime() + 10 * 60_000) })).toMatchObject({
      message: "A payment link must stay open at least 16 minutes.",
    });
    expect(await refused({ expiresAt: new Date(now.getTime() + 181 * 86_400_000) })).toMatchObject({
      message: "A payment link can stay open at most 180 days.",
    });
  });
});

/** A webhook body as Razorpay sends payment_link.paid (its documented sample, with this booking's figures). */
function paidEvent(overrides: { event?: string; createdAt?: number; paymentId?: string; amount?: number } = {}) {
  const amount = overrides.amount ?? 1_56_750_00;
  const paymentId = overrides.paymentId ?? "pay_PRV7KQ2MBAL";
  return JSON.stringify({
    account_id: "acc_DKoeHMNpi0nC7k",
    contains: ["payment", "order", "payment_link"],
    created_at: overrides.createdAt ?? nowSeconds - 2,
    entity: "event",
    event: overrides.event ?? "payment_link.paid",
    payload: {
      order: { entity: { amount, amount_paid: amount, id: "order_FOGs9Hz3ZaAjsm", status: "paid", currency: "INR", receipt: "PRV-7KQ2M-BAL-1" } },
      payment: {
        entity: {
          acquirer_data: { rrn: "412356789012" },
          amount,
          captured: true,
          currency: "INR",
          id: paymentId,
          method: "upi",
          status: "captured",
          vpa: "asha@okaxis",
          notes: [],
          fee: 3700,
          tax: 564,
        },
      },
      payment_link: {
        entity: {
          accept_partial: false,
          amount,
          amount_paid: amount,
          currency: "INR",
          id: "plink_PRV7KQ2MBAL1",
          reference_id: "PRV-7KQ2M-BAL-1",
          status: "paid",
          expire_by: 1_794_508_199,
        },
      },
    },
  });
}

function deliver(body: string | Buffer, signature: string | null, at = now, eventId = "evt_1"): WebhookVerdict {
  const headers = new Headers({ "content-type": "application/json", "x-razorpay-event-id": eventId });
  if (signature !== null) headers.set("x-razorpay-signature", signature);
  return gateway.verifyWebhook({ rawBody: Buffer.isBuffer(body) ? body : Buffer.from(body), headers, now: at });
}
const sign = (body: string | Buffer, secret = settings.webhookSecret) => hmacSha256Hex(secret, body);

describe("verifyWebhook", () => {
  it("takes a signed payment_link.paid and says it in the app's terms", () => {
    const body = paidEvent();
    expect(deliver(body, sign(body))).toEqual({
      ok: true,
      event: {
        provider: "razorpay",
        kind: "paid",
        providerEvent: "payment_link.paid",
        dedupeKey: "razorpay:payment:pay_PRV7KQ2MBAL",
        eventId: "evt_1",
        occurredAt: new Date((nowSeconds - 2) * 1000),
        reference: "PRV-7KQ2M-BAL-1",
        linkId: "plink_PRV7KQ2MBAL1",
        paymentId: "pay_PRV7KQ2MBAL",
        amountPaise: 1_56_750_00,
        currency: "INR",
        method: "upi",
      },
    });
    // Razorpay's own check agrees with ours on what it signs.
    expect(Razorpay.validateWebhookSignature(body, sign(body), settings.webhookSecret)).toBe(true);
  });

  it("gives one key to a payment delivered three times, or told by two events", () => {
    const body = paidEvent();
    const keys = ["evt_1", "evt_2", "evt_3"].map((eventId) => {
      const verdict = deliver(body, sign(body), now, eventId);
      return verdict.ok ? verdict.event.dedupeKey : verdict.refusal;
    });
    expect(keys).toEqual(["razorpay:payment:pay_PRV7KQ2MBAL", "razorpay:payment:pay_PRV7KQ2MBAL", "razorpay:payment:pay_PRV7KQ2MBAL"]);
    const captured = paidEvent({ event: "payment.captured" });
    expect(deliver(captured, sign(captured))).toMatchObject({ ok: true, event: { kind: "ignored", providerEvent: "payment.captured" } });
  });

  it("reads an expiry and a failure, and refuses an event that lacks its payment", () => {
    const expired = JSON.stringify({
      entity: "event",
      event: "payment_link.expired",
      created_at: nowSeconds,
      payload: { payment_link: { entity: { id: "plink_X", reference_id: "PRV-7KQ2M-DEP-1", amount: 100, currency: "INR", status: "expired" } } },
    });
    expect(deliver(expired, sign(expired))).toMatchObject({
      ok: true,
      event: { kind: "expired", reference: "PRV-7KQ2M-DEP-1", amountPaise: null, dedupeKey: "razorpay:payment_link.expired:plink_X" },
    });
    const failed = JSON.stringify({
      entity: "event",
      event: "payment.failed",
      created_at: nowSeconds,
      payload: { payment: { entity: { id: "pay_F", amount: 100, currency: "INR", status: "failed", method: "card" } } },
    });
    expect(deliver(failed, sign(failed))).toMatchObject({
      ok: true,
      event: { kind: "failed", paymentId: "pay_F", dedupeKey: "razorpay:payment.failed:pay_F" },
    });
    const bare = JSON.stringify({ entity: "event", event: "payment_link.paid", created_at: nowSeconds, payload: {} });
    expect(deliver(bare, sign(bare))).toEqual({ ok: false, refusal: "malformed", message: "The payment_link.paid event lacks its payment or link." });
    expect(deliver("not json", sign("not json"))).toMatchObject({ ok: false, refusal: "malformed" });
  });

  it("refuses a missing or misshapen signature", () => {
    const body = paidEvent();
    for (const signature of [
      null,
      "",
      "sha256=" + sign(body),
      sign(body).toUpperCase(),
      sign(body).slice(1),
      `${sign(body)}0`,
      `${sign(body)},${sign(body)}`,
    ]) {
      expect(deliver(body, signature)).toEqual({ ok: false, refusal: "signature", message: "The webhook's signature does not match." });
    }
  });

  it("takes an event up to 24 hours old (Razorpay's retries) and refuses an older or a future one", () => {
    const day = 24 * 3600;
    const at = (createdAt: number) => {
      const body = paidEvent({ createdAt });
      const verdict = deliver(body, sign(body));
      return verdict.ok ? "ok" : verdict.refusal;
    };
    expect([
      at(nowSeconds - day),
      at(nowSeconds - day - 300),
      at(nowSeconds - day - 301),
      at(nowSeconds + 300),
      at(nowSeconds + 301),
      at(nowSeconds - 30 * day),
    ]).toEqual(["ok", "ok", "stale", "ok", "stale", "stale"]);
  });
});

describe("nothing unsigned gets through (property)", () => {
  const body = Buffer.from(paidEvent());
  const signature = sign(body);

  /** A change to the body's bytes: one changed, added or removed, a cut, or a different JSON spelling of the same event. */
  const tampered = fc.oneof(
    fc.tuple(fc.nat({ max: body.length - 1 }), fc.integer({ min: 1, max: 255 })).map(([index, delta]) => {
      const copy = Buffer.from(body);
      copy[index] = (copy[index]! + delta) % 256;
      return copy;
    }),
    fc
      .tuple(fc.nat({ max: body.length }), fc.uint8Array({ minLength: 1, maxLength: 8 }))
      .map(([index, bytes]) => Buffer.concat([body.subarray(0, index), bytes, body.subarray(index)])),
    fc
      .tuple(fc.nat({ max: body.length - 1 }), fc.integer({ min: 1, max: 20 }))
      .map(([index, length]) => Buffer.concat([body.subarray(0, index), body.subarray(index + length)])),
    fc.nat({ max: body.length - 1 }).map((length) => body.subarray(0, length)),
    fc.constantFrom(" ", "\n", "\r\n").map((space) => Buffer.concat([body, Buffer.from(space)])),
    fc.integer({ min: 0, max: 4 }).map((indent) => Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, indent || undefined) + (indent ? "" : " "))),
    fc
      .integer({ min: 1, max: 10_00_000_00 })
      .map((amount) => Buffer.from(body.toString().replaceAll("15675000", String(amount))))
      .filter((changed) => !changed.equals(body)),
  );

  it("refuses 100% of tampered bodies under the real signature", () => {
    fc.assert(
      fc.property(tampered, (changed) => {
        const verdict = deliver(changed, signature);
        if (verdict.ok || verdict.refusal !== "signature") throw new Error(`Took a tampered body: ${changed.toString()}`);
      }),
      { seed: 46, numRuns: 2000 },
    );
  });

  it("refuses 100% of signatures made with another secret, or changed", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .string({ minLength: 1, maxLength: 64 })
            .filter((secret) => secret !== settings.webhookSecret)
            .map((secret) => sign(body, secret)),
          fc
            .tuple(fc.nat({ max: 63 }), fc.constantFrom(..."0123456789abcdef"))
            .map(([index, digit]) => signature.slice(0, index) + digit + signature.slice(index + 1))
            .filter((changed) => changed !== signature),
        ),
        (wrong) => {
          const verdict = deliver(body, wrong);
          if (verdict.ok || verdict.refusal !== "signature") throw new Error(`Took a wrong signature: ${wrong}`);
        },
      ),
      { seed: 46, numRuns: 2000 },
    );
  });

  it("refuses 100% of correctly signed events older than 24 hours and 5 minutes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 24 * 3600 + 301, max: 400 * 86_400 }), (age) => {
        const stale = paidEvent({ createdAt: nowSeconds - age });
        const verdict = deliver(stale, sign(stale));
        if (verdict.ok || verdict.refusal !== "stale") throw new Error(`Took an event ${age} s old`);
      }),
      { seed: 46, numRuns: 500 },
    );
  });
});
