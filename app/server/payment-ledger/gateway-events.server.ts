import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { indianDate } from "~/lib/follow-up";
import { formatPaise } from "~/lib/price";
import { getDb, type Db } from "~/server/db/db.server";
import { paymentGatewayEvents, paymentLinks, type GatewayEventStatus } from "~/server/db/schema.server";
import { defineJobType, enqueueJob, nudgeJobs } from "~/server/jobs/jobs.server";
import { handleJob, type JobRegistration } from "~/server/jobs/worker.server";
import type { GatewayEvent, PaymentGateway } from "~/server/payment/gateway.server";
import { recordActivity } from "~/server/activity/activity.server";
import { recordPayment } from "./ledger-write.server";
import { followBookingTotal } from "./schedule-write.server";
import { autoReceiptForPayment } from "~/server/document/documents.server";

/**
 * Webhooks that can't be fooled (issue 46, ADR 090). The route hands the raw
 * request here: the gateway checks the signature over the raw bytes and the
 * signed time (a 400 on any doubt, nothing stored); a good event is stored
 * once per dedupe key and its job queued in the same transaction, and the
 * answer goes at once. The job applies it: only an event whose reference is
 * one of our links, for that link's amount in rupees, becomes a payment;
 * anything else waits for the team as "needs a look", never applied silently.
 */

export const PAYMENT_EVENT_JOB = defineJobType({
  name: "payment.gateway-event",
  lane: "short",
  payload: z.object({ eventId: z.number().int().positive() }),
});

export type WebhookAnswer = { status: 200 | 400 | 404; body: { ok: boolean; message?: string; duplicate?: boolean } };

/** Receives one delivery for `provider`: verified, stored once, queued. */
export async function receiveWebhook(
  gateway: PaymentGateway,
  provider: string,
  delivery: { rawBody: Buffer; headers: Headers; now: Date },
): Promise<WebhookAnswer> {
  if (gateway.name === "none" || provider !== gateway.name) return { status: 404, body: { ok: false, message: "No such payment gateway here." } };
  const verdict = gateway.verifyWebhook(delivery);
  if (!verdict.ok) return { status: 400, body: { ok: false, message: verdict.message } };
  const event = verdict.event;
  const acted = event.kind === "paid";
  const stored = await getDb().transaction(async (rawTx) => {
    const tx = rawTx as unknown as Db;
    const [row] = await tx
      .insert(paymentGatewayEvents)
      .values({
        provider: event.provider,
        dedupeKey: event.dedupeKey,
        providerEvent: event.providerEvent,
        kind: event.kind,
        reference: event.reference,
        amountPaise: event.amountPaise,
        event: { ...event, occurredAt: event.occurredAt.toISOString() },
        status: acted ? "queued" : "ignored",
        receivedAt: delivery.now,
      })
      .onConflictDoNothing({ target: paymentGatewayEvents.dedupeKey })
      .returning({ id: paymentGatewayEvents.id });
    if (row && acted) await enqueueJob(tx, PAYMENT_EVENT_JOB, { payload: { eventId: row.id }, onceKey: `payment.gateway-event:${row.id}` });
    return row;
  });
  if (stored && acted) nudgeJobs();
  return { status: 200, body: { ok: true, duplicate: !stored } };
}

const SYSTEM = { id: null, email: null, name: "Payment gateway" };

async function settle(eventId: number, status: GatewayEventStatus, extra: { problem?: string; bookingId?: number } = {}) {
  await getDb()
    .update(paymentGatewayEvents)
    .set({ status, problem: extra.problem ?? null, bookingId: extra.bookingId ?? null })
    .where(eq(paymentGatewayEvents.id, eventId));
}

/** The job: a paid event becomes the link's booking's payment, or needs a look. Safe to run twice (the ledger's gateway key). */
export async function applyGatewayEvent(eventId: number, now: Date): Promise<GatewayEventStatus> {
  const [row] = await getDb().select().from(paymentGatewayEvents).where(eq(paymentGatewayEvents.id, eventId));
  if (!row || row.status !== "queued") return row?.status ?? "ignored";
  const event = row.event as unknown as Omit<GatewayEvent, "occurredAt"> & { occurredAt: string };
  const [link] = event.reference ? await getDb().select().from(paymentLinks).where(eq(paymentLinks.reference, event.reference)) : [];
  const look = async (problem: string, bookingId?: number) => {
    await settle(eventId, "needs-look", { problem, bookingId });
    return "needs-look" as const;
  };
  if (!link) return look(`No payment link of ours has the reference ${event.reference ?? "(none)"}.`);
  if (event.currency !== "INR") return look(`Paid in ${event.currency ?? "an unknown currency"}, not rupees.`, link.bookingId);
  if (event.amountPaise !== link.amountPaise) {
    return look(`Paid ${formatPaise(event.amountPaise ?? 0)} on a link for ${formatPaise(link.amountPaise)}.`, link.bookingId);
  }
  const result = await recordPayment(
    link.bookingId,
    {
      amountPaise: link.amountPaise,
      receivedOn: indianDate(new Date(event.occurredAt) < now ? new Date(event.occurredAt) : now),
      method: "gateway",
      reference: event.paymentId,
      note: `Paid through the ${event.provider} link ${link.reference}${event.method ? ` (${event.method})` : ""}`,
      gatewayKey: event.dedupeKey,
    },
    SYSTEM,
    now,
  );
  if (!result.ok) return look(result.message, link.bookingId);
  await settle(eventId, "applied", { bookingId: link.bookingId });
  // Its receipt voucher when the settings say so (issue 47); one the rules refuse waits for the team's button on the booking.
  if (!result.duplicate) await autoReceiptForPayment(link.bookingId, result.entry.id, SYSTEM, now, followBookingTotal);
  return "applied";
}

/** Registered with the job worker at start. */
export function paymentEventHandler(clock: { now(): Date }): JobRegistration {
  return handleJob(PAYMENT_EVENT_JOB, async (job) => {
    await applyGatewayEvent(job.payload.eventId, clock.now());
  });
}

export type HandledResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/**
 * The team dealt with an event that needed a look (recorded the payment by
 * hand, refunded it in the gateway, found it was a test): it leaves the list,
 * with who, when and what they did kept on the event and in the activity log.
 * Once only: a second click, or another member's at the same time, is a 409.
 */
export async function markEventHandled(
  eventId: number,
  note: string,
  actor: { id: string | null; email: string | null; name: string | null },
  now: Date,
): Promise<HandledResult> {
  return getDb().transaction(async (tx) => {
    const [event] = await tx
      .update(paymentGatewayEvents)
      .set({ handledAt: now, handledBy: actor.id, handledByName: actor.name ?? actor.email, handledNote: note || null })
      .where(and(eq(paymentGatewayEvents.id, eventId), eq(paymentGatewayEvents.status, "needs-look"), isNull(paymentGatewayEvents.handledAt)))
      .returning();
    if (!event) {
      const [exists] = await tx
        .select({ handledByName: paymentGatewayEvents.handledByName })
        .from(paymentGatewayEvents)
        .where(eq(paymentGatewayEvents.id, eventId));
      return exists
        ? { ok: false, status: 409, message: `${exists.handledByName ?? "Someone"} already marked this event handled.` }
        : { ok: false, status: 404, message: "No such gateway event." };
    }
    const what = [event.provider, event.providerEvent, event.reference, event.amountPaise === null ? null : formatPaise(event.amountPaise)]
      .filter(Boolean)
      .join(" ");
    await recordActivity(
      {
        kind: "payment.event-handled",
        actor,
        subject: { type: "payment-event", id: event.id, label: what },
        detail: { text: `Marked handled: ${(event.problem ?? "a gateway event").replace(/\.$/, "")}${note ? `. ${note}` : ""}`, bookingId: event.bookingId },
      },
      { db: tx },
    );
    return { ok: true };
  });
}
