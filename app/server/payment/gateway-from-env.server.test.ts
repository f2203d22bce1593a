import { describe, expect, it } from "vitest";
import { paymentGatewayFromEnv } from "./gateway-from-env.server";
import type { PaymentLinkRequest } from "./gateway.server";

const now = new Date("2026-11-02T06:30:00Z");
const request: PaymentLinkRequest = {
  reference: "PRV-7KQ2M-DEP-1",
  amountPaise: 52_250_00,
  description: "Deposit",
  expiresAt: new Date("2026-11-03T06:30:00Z"),
  customer: { name: "Asha Rao" },
};
const env = { SITE_URL: "https://pravas.example", PAYMENT_KEY_ID: undefined, PAYMENT_KEY_SECRET: undefined, PAYMENT_WEBHOOK_SECRET: undefined };

describe("paymentGatewayFromEnv", () => {
  it("offers no link and takes no webhook with none: UPI and recorded payments only", async () => {
    const gateway = paymentGatewayFromEnv({ ...env, PAYMENT_GATEWAY: "none" });
    expect({ name: gateway.name, offersLinks: gateway.offersLinks }).toEqual({ name: "none", offersLinks: false });
    expect(await gateway.createPaymentLink(request, now)).toEqual({
      ok: false,
      reason: "refused",
      message: "No payment gateway is set up: share the UPI QR, or record the payment when it arrives.",
    });
    expect(gateway.verifyWebhook({ rawBody: Buffer.from("{}"), headers: new Headers(), now })).toEqual({
      ok: false,
      refusal: "no-gateway",
      message: "No payment gateway is set up here.",
    });
  });

  it("makes the fake's links on the site's address, and Razorpay's through the SDK", async () => {
    const fake = paymentGatewayFromEnv({ ...env, PAYMENT_GATEWAY: "fake" });
    const made = await fake.createPaymentLink(request, now);
    expect(made.ok && made.link.url).toMatch(/^https:\/\/pravas\.example\/payments\/fake\//);
    const razorpay = paymentGatewayFromEnv({
      ...env,
      PAYMENT_GATEWAY: "razorpay",
      PAYMENT_KEY_ID: "rzp_test_1DP5mmOlF5G5ag",
      PAYMENT_KEY_SECRET: "s",
      PAYMENT_WEBHOOK_SECRET: "webhook-secret-0123456789",
    });
    expect({ name: razorpay.name, offersLinks: razorpay.offersLinks }).toEqual({ name: "razorpay", offersLinks: true });
    expect(() => paymentGatewayFromEnv({ ...env, PAYMENT_GATEWAY: "razorpay" })).toThrow(/needs PAYMENT_KEY_ID/);
  });

  it("signs the fake's webhooks with PAYMENT_WEBHOOK_SECRET, so several servers agree", async () => {
    const [a, b] = [1, 2].map(() => paymentGatewayFromEnv({ ...env, PAYMENT_GATEWAY: "fake", PAYMENT_WEBHOOK_SECRET: "shared-secret-0123456789" }));
    const made = await a!.createPaymentLink(request, now);
    if (!made.ok) throw new Error(made.message);
    expect((b as unknown as { readLink: (token: string, now: Date) => { ok: boolean } }).readLink(made.link.url.split("/").pop()!, now).ok).toBe(true);
  });
});
