import { and, eq, isNull, sql } from "drizzle-orm";
import { scheduleLineLabel } from "~/lib/payment-schedule";
import { formatTourDate } from "~/lib/tour-format";
import { recordActivity } from "~/server/activity/activity.server";
import { getDb } from "~/server/db/db.server";
import { bookings, paymentLinks, type PaymentLinkRow } from "~/server/db/schema.server";
import type { PaymentGateway } from "~/server/payment/gateway.server";
import { bookingMoney } from "./booking-money.server";
import type { LedgerActor } from "./ledger-write.server";

/** How long a link stays open when its line is already due or nearly so. */
const MIN_LINK_DAYS = 7;
const DAY_MS = 86_400_000;

export type LinkResult = { ok: true; link: PaymentLinkRow } | { ok: false; status: 400 | 404 | 409 | 503; message: string };

/**
 * A payment link at the gateway for what is still owing on one line of a
 * booking's schedule (ADR 090): reference "PRV-7KQ2M-BAL-1" (the next
 * attempt for the line), open until the line's due date ends or at least a
 * week, stored so the webhook can match its payment to the booking and amount.
 */
export async function createPaymentLinkFor(
  gateway: PaymentGateway,
  input: { bookingId: number; lineKey: string },
  actor: LedgerActor,
  now: Date,
): Promise<LinkResult> {
  if (!gateway.offersLinks) return { ok: false, status: 400, message: "No payment gateway is set up: share the UPI QR instead." };
  const [booking] = await getDb()
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, input.bookingId), isNull(bookings.deletedAt)));
  if (!booking) return { ok: false, status: 404, message: "There is no booking with that reference." };
  const money = await bookingMoney(getDb(), booking, now);
  const line = money.state.lines.find((candidate) => candidate.key === input.lineKey);
  if (!line || line.outstandingPaise <= 0) return { ok: false, status: 409, message: "Nothing is owing on that line." };
  const [counted] = await getDb()
    .select({ attempts: sql<number>`count(*)::int` })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.bookingId, booking.id), eq(paymentLinks.lineKey, line.key)));
  const reference = `${booking.reference}-${line.key}-${(counted?.attempts ?? 0) + 1}`;
  const dueEnds = new Date(`${line.dueOn}T18:30:00Z`).getTime();
  const expiresAt = new Date(Math.min(Math.max(dueEnds, now.getTime() + MIN_LINK_DAYS * DAY_MS), now.getTime() + 179 * DAY_MS));
  const label = scheduleLineLabel(money.schedule, line);
  const result = await gateway.createPaymentLink(
    {
      reference,
      amountPaise: line.outstandingPaise,
      description: `${booking.packageTitle}, ${formatTourDate(booking.startDate)}: ${label.toLowerCase()} for ${booking.reference}`,
      expiresAt,
      customer: { name: booking.leadName, phone: booking.leadPhone, email: booking.leadEmail ?? undefined },
    },
    now,
  );
  if (!result.ok) return { ok: false, status: result.reason === "refused" ? 400 : 503, message: result.message };
  const [stored] = await getDb()
    .insert(paymentLinks)
    .values({
      bookingId: booking.id,
      lineKey: line.key,
      provider: gateway.name,
      reference,
      providerLinkId: result.link.id,
      url: result.link.url,
      amountPaise: result.link.amountPaise,
      expiresAt: result.link.expiresAt,
      createdBy: actor.id,
      createdAt: now,
    })
    .returning();
  await recordActivity({
    kind: "payment.link-created",
    actor,
    subject: { type: "booking", id: booking.id, label: `${booking.reference} (${booking.leadName})` },
    detail: { text: `Made a payment link for the ${label.toLowerCase()} (${reference})`, version: booking.version },
  });
  return { ok: true, link: stored! };
}
