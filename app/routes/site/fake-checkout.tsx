import { data, Form } from "react-router";
import { formatPaise } from "~/lib/price";
import { deliverFakeWebhook, type FakeGateway } from "~/server/payment/fake-gateway.server";
import { getPaymentGateway } from "~/server/payment/payment-gateway-service.server";
import styles from "./fake-checkout.module.css";
import type { Route } from "./+types/fake-checkout";

/**
 * The fake gateway's checkout page (ADR 090): development and tests only (a
 * 404 with any other gateway). The payer chooses "Pay", "Fail" or "Leave
 * pending"; pay and fail are then POSTed, signed, to the webhook over HTTP,
 * exactly as a real gateway would call it.
 */

function fakeGateway(): FakeGateway {
  const gateway = getPaymentGateway();
  if (gateway.name !== "fake") throw data("Not found", { status: 404 });
  return gateway as FakeGateway;
}

function openLink(token: string, now: Date) {
  const read = fakeGateway().readLink(token, now);
  if (!read.ok) throw data(read.reason === "expired" ? "This payment link has expired." : "Not found", { status: read.reason === "expired" ? 410 : 404 });
  return read.link;
}

export const meta: Route.MetaFunction = () => [{ title: "Test payment | Pravas" }, { name: "robots", content: "noindex" }];

export function loader({ params, context }: Route.LoaderArgs) {
  const link = openLink(params.token, context.clock.now());
  return { reference: link.reference, amountPaise: link.amountPaise, description: link.description, payer: link.payer };
}

const OUTCOME_TEXT = {
  pay: "Paid. The agency's booking page shows it in a moment.",
  fail: "The payment failed. Nothing was taken; you may try again.",
  pending: "Left pending: nothing was sent to the agency.",
} as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const gateway = fakeGateway();
  const link = openLink(params.token, context.clock.now());
  const outcome = (await request.formData()).get("outcome");
  if (outcome !== "pay" && outcome !== "fail") return { outcome: "pending" as keyof typeof OUTCOME_TEXT, status: 0 };
  const delivery = gateway.eventFor(link, outcome, context.clock.now());
  const status = await deliverFakeWebhook(new URL("/api/payments/webhook/fake", request.url).href, delivery);
  return { outcome: outcome as keyof typeof OUTCOME_TEXT, status };
}

export default function FakeCheckout({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className={styles.page}>
      <p>Test gateway · no real money moves</p>
      <h1>Pay {loaderData.payer ? `for ${loaderData.payer}` : ""}</h1>
      <p>{loaderData.description}</p>
      <p className={styles.amount}>{formatPaise(loaderData.amountPaise)}</p>
      <p>Reference {loaderData.reference}</p>
      {actionData ? (
        <p className={styles.notice} role="status">
          {actionData.outcome !== "pending" && actionData.status !== 200
            ? `The webhook answered ${actionData.status || "nothing"}: the agency has not been told.`
            : OUTCOME_TEXT[actionData.outcome]}
        </p>
      ) : null}
      <Form method="post" className={styles.actions}>
        <button type="submit" name="outcome" value="pay">
          Pay {formatPaise(loaderData.amountPaise)}
        </button>
        <button type="submit" name="outcome" value="fail">
          Fail
        </button>
        <button type="submit" name="outcome" value="pending">
          Leave pending
        </button>
      </Form>
    </main>
  );
}
