import { randomBytes } from "node:crypto";
import type { Env } from "~/server/env.server";
import { createFakeGateway } from "./fake-gateway.server";
import type { PaymentGateway } from "./gateway.server";
import { createRazorpayGateway } from "./razorpay-gateway.server";

/** No gateway: booking pages offer the UPI QR and the team records payments; every webhook is refused. */
const noGateway: PaymentGateway = {
  name: "none",
  offersLinks: false,
  async createPaymentLink() {
    return { ok: false, reason: "refused", message: "No payment gateway is set up: share the UPI QR, or record the payment when it arrives." };
  },
  verifyWebhook() {
    return { ok: false, refusal: "no-gateway", message: "No payment gateway is set up here." };
  },
};

type GatewaySettings = Pick<Env, "PAYMENT_GATEWAY" | "PAYMENT_KEY_ID" | "PAYMENT_KEY_SECRET" | "PAYMENT_WEBHOOK_SECRET" | "SITE_URL">;

/** What Settings shows of the gateway (read-only: it is set in the environment): never a secret, only whether it is set. */
export type PaymentGatewayStatus = {
  gateway: "fake" | "razorpay" | "none";
  keyId: string | null;
  keySecretSet: boolean;
  webhookSecretSet: boolean;
  webhookUrl: string | null;
};

export function paymentGatewayStatus(env: GatewaySettings): PaymentGatewayStatus {
  // The key id is not a secret (it is in every checkout page), but only its start and end are needed to tell test from live.
  const keyId = env.PAYMENT_KEY_ID ? `${env.PAYMENT_KEY_ID.slice(0, 9)}…${env.PAYMENT_KEY_ID.slice(-4)}` : null;
  return {
    gateway: env.PAYMENT_GATEWAY,
    keyId: env.PAYMENT_GATEWAY === "razorpay" ? keyId : null,
    keySecretSet: Boolean(env.PAYMENT_KEY_SECRET),
    webhookSecretSet: Boolean(env.PAYMENT_WEBHOOK_SECRET),
    webhookUrl: env.PAYMENT_GATEWAY === "none" ? null : `${env.SITE_URL.replace(/\/$/, "")}/api/payments/webhook/${env.PAYMENT_GATEWAY}`,
  };
}

/**
 * The gateway the environment names (checked once at start by env.server.ts).
 * The fake signs with PAYMENT_WEBHOOK_SECRET when given, else with a secret of
 * this process: several servers behind one address need the variable.
 */
export function paymentGatewayFromEnv(env: GatewaySettings): PaymentGateway {
  switch (env.PAYMENT_GATEWAY) {
    case "none":
      return noGateway;
    case "fake":
      return createFakeGateway({ secret: env.PAYMENT_WEBHOOK_SECRET ?? randomBytes(32).toString("base64url"), siteUrl: env.SITE_URL });
    case "razorpay":
      if (!env.PAYMENT_KEY_ID || !env.PAYMENT_KEY_SECRET || !env.PAYMENT_WEBHOOK_SECRET)
        throw new Error("PAYMENT_GATEWAY=razorpay needs PAYMENT_KEY_ID, PAYMENT_KEY_SECRET and PAYMENT_WEBHOOK_SECRET");
      return createRazorpayGateway({ keyId: env.PAYMENT_KEY_ID, keySecret: env.PAYMENT_KEY_SECRET, webhookSecret: env.PAYMENT_WEBHOOK_SECRET });
  }
}
