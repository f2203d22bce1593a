import { getEnv } from "~/server/env.server";
import { services } from "~/server/services.server";
import type { PaymentGateway } from "./gateway.server";
import { paymentGatewayFromEnv } from "./gateway-from-env.server";

/** This server's payment gateway (ADR 090), set at start; a process that did not start the server (a script) makes it from the environment. */
export function getPaymentGateway(): PaymentGateway {
  services.paymentGateway ??= paymentGatewayFromEnv(getEnv());
  return services.paymentGateway;
}

export function setPaymentGateway(gateway: PaymentGateway): void {
  services.paymentGateway = gateway;
}
