import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_SIGNATURE_HEADER, createFakeGateway, deliverFakeWebhook, type FakeDelivery, type FakeLink } from "./fake-gateway.server";
import type { WebhookVerdict } from "./gateway.server";

const secret = "fake-gateway-secret-0123456789";
const gateway = createFakeGateway({ secret, siteUrl: "http://localhost:10000/" });
const now = new Date("2026-11-02T06:30:00Z"); // 2 Nov 2026, 12:00 IST
const request = {
  reference: "PRV-7KQ2M-DEP-1",
  amountPaise: 52_250_00,
  description: "Bali, 12 Dec 2026: deposit for PRV-7KQ2M",
  expiresAt: new Date("2026-11-02T18:29:59Z"),
  customer: { name: "Asha Rao" },
};

async function newLink(): Promise<{ token: string; link: FakeLink }> {
  const made = await gateway.createPaymentLink(request, now);
  if (!made.ok) throw new Error(made.message);
  const token = made.link.url.split("/").pop()!;
  const read = gateway.readLink(token, now);
  if (!read.ok) throw new Error(read.reason);
  return { token, link: read.link };
}

const verify = (delivery: FakeDelivery, at = now): WebhookVerdict =>
  gateway.verifyWebhook({ rawBody: Buffer.from(delivery.body), headers: new Headers(delivery.headers), now: at });

describe("the fake gateway's links", () => {
  it("makes a link to a local page that carries the amount and reference, signed", async () => {
    const made = await gateway.createPaymentLink(request, now);
    expect(made).toMatchObject({ ok: true, link: { reference: "PRV-7KQ2M-DEP-1", amountPaise: 52_250_00, expiresAt: request.expiresAt } });
    expect(made.ok && made.link.url).toMatch(/^http:\/\/localhost:10000\/payments\/fake\/[A-Za-z0-9_-]+\.[0-9a-f]{64}$/);
    const { link } = await newLink();
    expect(link).toMatchObject({
      reference: "PRV-7KQ2M-DEP-1",
      amountPaise: 52_250_00,
      description: request.description,
      payer: "Asha Rao",
      expiresAt: request.expiresAt,
    });
  });

  it("opens no link it did not sign, or that has expired", async () => {
    const { token } = await newLink();
    const [payload, signature] = token.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const cheaper = Buffer.from(JSON.stringify({ ...claims, amt: 100 })).toString("base64url");
    expect(gateway.readLink(`${cheaper}.${signature}`, now)).toEqual({ ok: false, reason: "unknown" });
    expect(gateway.readLink(payload, now)).toEqual({ ok: false, reason: "unknown" });
    expect(createFakeGateway({ secret: "another-secret-0123456789", siteUrl: "http://x" }).readLink(token, now)).toEqual({ ok: false, reason: "unknown" });
    // The link is open until the end of its expiry's second, 2 Nov 23:59:59 IST.
    expect(gateway.readLink(token, new Date("2026-11-02T18:29:58Z")).ok).toBe(true);
    expect(gateway.readLink(token, new Date("2026-11-02T18:29:59Z"))).toEqual({ ok: false, reason: "expired" });
  });
});

describe("the fake gateway's webhook", () => {
  it("tells a payment as a real gateway would, and a second 'pay' is the same payment", async () => {
    const { link } = await newLink();
    const first = verify(gateway.eventFor(link, "pay", now));
    expect(first).toMatchObject({
      ok: true,
      event: {
        provider: "fake",
        kind: "paid",
        providerEvent: "payment.paid",
        reference: "PRV-7KQ2M-DEP-1",
        linkId: link.id,
        amountPaise: 52_250_00,
        currency: "INR",
        method: "upi",
        occurredAt: now,
      },
    });
    const again = verify(gateway.eventFor(link, "pay", new Date(now.getTime() + 60_000)));
    expect(again.ok && again.event.dedupeKey).toBe(first.ok && first.event.dedupeKey);
    const failed = verify(gateway.eventFor(link, "fail", now));
    expect(failed).toMatchObject({ ok: true, event: { kind: "failed", providerEvent: "payment.failed" } });
    expect(failed.ok && failed.event.dedupeKey).not.toBe(first.ok && first.event.dedupeKey);
  });

  it("refuses what it did not sign, with another secret, or more than 5 minutes old", async () => {
    const { link } = await newLink();
    const delivery = gateway.eventFor(link, "pay", now);
    const refusal = (changed: FakeDelivery, at = now) => {
      const verdict = verify(changed, at);
      return verdict.ok ? "taken" : verdict.refusal;
    };
    const header = delivery.headers[FAKE_SIGNATURE_HEADER]!;
    expect(refusal({ ...delivery, body: delivery.body.replace("5225000", "100") })).toBe("signature");
    expect(refusal({ ...delivery, headers: { ...delivery.headers, [FAKE_SIGNATURE_HEADER]: header.replace(/t=(\d+)/, (_, t) => `t=${Number(t) + 1}`) } })).toBe(
      "signature",
    );
    expect(refusal({ ...delivery, headers: { "content-type": "application/json" } })).toBe("signature");
    expect(refusal(createFakeGateway({ secret: "another-secret-0123456789", siteUrl: "http://x" }).eventFor(link, "pay", now))).toBe("signature");
    expect(refusal(delivery, new Date(now.getTime() + 300_000))).toBe("taken");
    expect(refusal(delivery, new Date(now.getTime() + 301_000))).toBe("stale");
    expect(refusal(delivery, new Date(now.getTime() - 301_000))).toBe("stale");
  });

  it("refuses 100% of tampered bodies and signatures (property)", async () => {
    const { link } = await newLink();
    const delivery = gateway.eventFor(link, "pay", now);
    const header = delivery.headers[FAKE_SIGNATURE_HEADER]!;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(fc.nat({ max: delivery.body.length - 1 }), fc.integer({ min: 1, max: 94 })).map(([index, delta]) => ({
            ...delivery,
            body:
              delivery.body.slice(0, index) + String.fromCharCode(((delivery.body.charCodeAt(index) - 32 + delta) % 95) + 32) + delivery.body.slice(index + 1),
          })),
          fc.string({ minLength: 1, maxLength: 8 }).map((extra) => ({ ...delivery, body: delivery.body + extra })),
          fc.nat({ max: header.length - 1 }).chain((index) =>
            fc
              .constantFrom(..."0123456789abcdef=,tv")
              .filter((char) => char !== header[index])
              .map((char) => ({
                ...delivery,
                headers: { ...delivery.headers, [FAKE_SIGNATURE_HEADER]: header.slice(0, index) + char + header.slice(index + 1) },
              })),
          ),
        ),
        (changed) => {
          const verdict = verify(changed);
          if (verdict.ok) throw new Error(`Took ${JSON.stringify(changed)}`);
        },
      ),
      { seed: 46, numRuns: 1000 },
    );
  });
});

describe("deliverFakeWebhook", () => {
  // A webhook endpoint on a real socket: it reads the raw body and answers 200 or 400 as the app's will.
  const received: WebhookVerdict[] = [];
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
        const verdict = gateway.verifyWebhook({ rawBody: Buffer.concat(chunks), headers, now: new Date() });
        received.push(verdict);
        res.writeHead(verdict.ok ? 200 : 400).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhook/fake`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("POSTs the payer's choice over HTTP, and the webhook takes it as it came", async () => {
    const { link } = await newLink();
    expect(await deliverFakeWebhook(url, gateway.eventFor(link, "pay", new Date()))).toBe(200);
    expect(received.at(-1)).toMatchObject({ ok: true, event: { kind: "paid", amountPaise: 52_250_00, reference: "PRV-7KQ2M-DEP-1" } });
    const forged = gateway.eventFor(link, "pay", new Date());
    expect(await deliverFakeWebhook(url, { ...forged, body: forged.body.replace("5225000", "5225") })).toBe(400);
    expect(received.at(-1)).toMatchObject({ ok: false, refusal: "signature" });
  });

  it("answers 0 when nothing listens", async () => {
    const { link } = await newLink();
    expect(await deliverFakeWebhook("http://127.0.0.1:9/api/payments/webhook/fake", gateway.eventFor(link, "pay", new Date()))).toBe(0);
  });
});
