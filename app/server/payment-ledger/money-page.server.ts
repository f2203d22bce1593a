import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, isNull } from "drizzle-orm";
import { data } from "react-router";
import { breakdownText } from "~/lib/booking-amount";
import { indianDate } from "~/lib/follow-up";
import { asksForMoney, MONEY_STATE_LABELS, type MoneyState } from "~/lib/money-state";
import { PAYMENT_METHOD_LABELS, recordPaymentSchema, recordRefundSchema, reverseEntrySchema } from "~/lib/payment-ledger";
import { plannedEdits, SCHEDULE_INTENTS, scheduleFormSchema, scheduleLineLabel } from "~/lib/payment-schedule";
import { formatPaise } from "~/lib/price";
import { redirectWithNotice } from "~/server/admin/notice.server";
import { canCorrectLedger, canEditPaymentSchedule, canManageSettings, canRecordPayments } from "~/server/auth/access.server";
import type { Viewer } from "~/server/auth/guard.server";
import { getDb } from "~/server/db/db.server";
import { bookings, type BookingRow } from "~/server/db/schema.server";
import { upiQrSvg } from "~/server/payment/upi-qr.server";
import { getPaymentGateway } from "~/server/payment/payment-gateway-service.server";
import { amountDueUri, dueWhatsapp, upiSettings } from "./amount-due.server";
import { bookingMoney } from "./booking-money.server";
import { recordPayment, recordRefund, reverseEntry, type LedgerResult } from "./ledger-write.server";
import { createPaymentLinkFor } from "./payment-links.server";
import { proofHref, proofKeyProblem } from "./payment-proofs.server";
import { editBookingSchedule, followBookingTotal } from "./schedule-write.server";
import { autoReceiptForPayment } from "~/server/document/documents.server";

/** The booking page's money panel (issue 46): its data, and its forms' action. */

export const MONEY_INTENTS = ["record-payment", "record-refund", "reverse-entry", "payment-link", ...SCHEDULE_INTENTS] as const;
export type MoneyIntent = (typeof MONEY_INTENTS)[number];
export const isMoneyIntent = (value: unknown): value is MoneyIntent => (MONEY_INTENTS as readonly unknown[]).includes(value);

type BookingForMoney = Pick<
  BookingRow,
  "id" | "reference" | "leadName" | "leadPhone" | "packageTitle" | "totalPaise" | "gstPaise" | "tcsPaise" | "seats" | "startDate" | "createdAt" | "state"
>;

/** The booking by its reference (not deleted), as the money panel needs it; 404 otherwise. */
export async function bookingForMoney(reference: string): Promise<BookingForMoney> {
  const [row] = await getDb()
    .select()
    .from(bookings)
    .where(and(eq(bookings.reference, reference), isNull(bookings.deletedAt)));
  if (!row) throw data({ message: "There is no booking with that reference." }, { status: 404 });
  return row;
}

/** A closed booking's money is never "overdue": nothing is asked for any more. */
const closedKind = (state: MoneyState, bookingState: BookingForMoney["state"]) =>
  state.kind === "overdue" && !asksForMoney(bookingState) ? (state.paidPaise > 0 ? "part-paid" : "nothing-paid") : state.kind;

export async function loadMoneyPanel(booking: BookingForMoney, viewer: Viewer, now: Date) {
  const [money, settings] = await Promise.all([bookingMoney(getDb(), booking, now), upiSettings(getDb())]);
  const gateway = getPaymentGateway();
  const names = new Map(money.ledger.map((entry) => [entry.id, entry]));
  const reversed = new Set(money.ledger.flatMap((entry) => (entry.kind === "reversal" ? [entry.reverses] : [])));
  const dues = await Promise.all(
    money.state.lines
      .filter((line) => line.outstandingPaise > 0 && asksForMoney(booking.state))
      .map(async (line) => {
        const label = scheduleLineLabel(money.schedule, line);
        const uri = amountDueUri(settings, { bookingReference: booking.reference, lineKey: line.key, label, amountPaise: line.outstandingPaise });
        const link = money.links.find(
          (candidate) => candidate.lineKey === line.key && candidate.amountPaise === line.outstandingPaise && candidate.expiresAt > now,
        );
        const message = {
          leadName: booking.leadName,
          packageTitle: booking.packageTitle,
          bookingReference: booking.reference,
          label,
          amountPaise: line.outstandingPaise,
          dueOn: line.dueOn,
          upiUri: uri,
          linkUrl: link?.url ?? null,
          brandName: settings.brandName,
        };
        return {
          key: line.key,
          label,
          amountPaise: line.outstandingPaise,
          dueOn: line.dueOn,
          overdue: line.status === "overdue",
          upiUri: uri,
          qrSvg: uri ? await upiQrSvg(uri) : null,
          link: link ? { url: link.url, reference: link.reference, expiresAt: link.expiresAt.toISOString() } : null,
          whatsapp: dueWhatsapp(booking.leadPhone, message),
        };
      }),
  );
  return {
    state: { ...money.state, label: MONEY_STATE_LABELS[closedKind(money.state, booking.state)] },
    /** "₹1,04,500 + GST ₹5,225": how the total is made up (ADR 115), null without taxes. */
    breakdown: breakdownText(booking, formatPaise),
    /** A cancelled or expired booking: nothing is owed any more, and no amount is asked for. */
    closed: asksForMoney(booking.state) ? null : booking.state,
    lines: money.state.lines.map((line) => ({ ...line, label: scheduleLineLabel(money.schedule, line) })),
    dues,
    ledger: money.ledger.map((entry) => ({
      ...entry,
      reversed: reversed.has(entry.id),
      /** The proof route (ADR 114): the file itself has no public address. */
      proofHref: entry.kind === "payment" && entry.proofKey ? proofHref(booking.reference, entry.id) : null,
      methodLabel: entry.kind === "reversal" ? null : PAYMENT_METHOD_LABELS[entry.method],
      reversesText:
        entry.kind === "reversal"
          ? (() => {
              const target = names.get(entry.reverses);
              return target && target.kind !== "reversal" ? `the ${target.kind} of ${formatPaise(target.amountPaise)}` : `entry ${entry.reverses}`;
            })()
          : null,
    })),
    upiConfigured: Boolean(settings.upiId && settings.payeeName),
    canSetUpi: canManageSettings(viewer),
    offersLinks: gateway.offersLinks,
    canRecord: canRecordPayments(viewer),
    canEditSchedule: canEditPaymentSchedule(viewer) && asksForMoney(booking.state),
    canCorrect: canCorrectLedger(viewer),
    today: indianDate(now),
  };
}

export type MoneyPanelData = Awaited<ReturnType<typeof loadMoneyPanel>>;
export type MoneyActionData = { money: { intent: MoneyIntent; errors: Record<string, string[]>; values: Record<string, string> } };

const actorOf = (viewer: Viewer) => ({ id: viewer.id, email: viewer.email, name: viewer.name });

/** A money form sent back: its errors and what was typed, so the form shows both. */
function sentBack(intent: MoneyIntent, formData: FormData, errors: Record<string, string[]>, status: number) {
  const values = Object.fromEntries([...formData.entries()].flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : [])));
  return data<MoneyActionData>({ money: { intent, errors, values } }, { status });
}

function refused(intent: MoneyIntent, formData: FormData, result: Extract<LedgerResult, { ok: false }> | { status: number; fields: Record<string, string> }) {
  return sentBack(intent, formData, Object.fromEntries(Object.entries(result.fields).map(([field, message]) => [field, [message]])), result.status);
}

/** The booking's money after a payment or refund: the same result for both. */
async function afterEntry(intent: MoneyIntent, formData: FormData, result: LedgerResult, page: string, message: string) {
  if (!result.ok) return refused(intent, formData, result);
  return redirectWithNotice(page, { kind: "success", message });
}

/**
 * Who may send a money form, checked before the booking is looked up (a 403
 * says nothing about which bookings exist): both roles record payments, make
 * links and change a schedule; only an admin refunds or reverses.
 */
export function requireMoneyRight(intent: MoneyIntent, viewer: Viewer): void {
  if ((intent === "record-refund" || intent === "reverse-entry") && !canCorrectLedger(viewer)) {
    throw data({ message: "Only an admin can record a refund or reverse an entry." }, { status: 403 });
  }
  if ((SCHEDULE_INTENTS as readonly string[]).includes(intent)) {
    if (!canEditPaymentSchedule(viewer)) throw data({ message: "You cannot change payment schedules." }, { status: 403 });
  } else if (!canRecordPayments(viewer)) throw data({ message: "You cannot record payments." }, { status: 403 });
}

/** A money form of a booking's page (requireMoneyRight first). */
export async function handleMoneyAction(intent: MoneyIntent, formData: FormData, booking: BookingForMoney, viewer: Viewer, now: Date, page: string) {
  requireMoneyRight(intent, viewer);
  const actor = actorOf(viewer);
  const invalid = (errors: Record<string, string[] | null> | undefined) =>
    sentBack(intent, formData, Object.fromEntries(Object.entries(errors ?? {}).flatMap(([key, list]) => (list ? [[key, list]] : []))), 400);
  if ((SCHEDULE_INTENTS as readonly string[]).includes(intent)) {
    const submission = parseWithZod(formData, { schema: scheduleFormSchema });
    if (submission.status !== "success") return invalid(submission.reply().error);
    const input = submission.value;
    const result = await editBookingSchedule(booking.id, (schedule) => plannedEdits(schedule, input), actor);
    if (!result.ok) return sentBack(intent, formData, { [result.field]: [result.message] }, result.status);
    return redirectWithNotice(page, {
      kind: "success",
      message: result.text ? `Payment schedule changed: ${result.text}.` : "Nothing to change in the schedule.",
    });
  }
  if (intent === "record-payment") {
    const submission = parseWithZod(formData, { schema: recordPaymentSchema });
    if (submission.status !== "success") return invalid(submission.reply().error);
    const input = submission.value;
    const proofProblem = await proofKeyProblem(input.proofKey, booking.id);
    if (proofProblem) return sentBack(intent, formData, { proofKey: [proofProblem] }, 400);
    const result = await recordPayment(
      booking.id,
      { amountPaise: input.amount, receivedOn: input.receivedOn, method: input.method, reference: input.reference, proofKey: input.proofKey, note: input.note },
      actor,
      now,
    );
    // Its receipt voucher, when Settings → Business and tax issues them automatically (issue 47): a refusal keeps the payment.
    const receipt = result.ok && !result.duplicate ? await autoReceiptForPayment(booking.id, result.entry.id, actor, now, followBookingTotal) : null;
    const issued = receipt ? (receipt.ok ? ` ${receipt.document.number} issued.` : ` No receipt voucher issued: ${receipt.message}`) : "";
    return afterEntry(intent, formData, result, page, `Payment of ${formatPaise(input.amount)} recorded.${issued}`);
  }
  if (intent === "record-refund") {
    const submission = parseWithZod(formData, { schema: recordRefundSchema });
    if (submission.status !== "success") return invalid(submission.reply().error);
    const input = submission.value;
    const result = await recordRefund(
      booking.id,
      { amountPaise: input.amount, paidOn: input.paidOn, method: input.method, reference: input.reference, reason: input.reason },
      actor,
      now,
    );
    return afterEntry(intent, formData, result, page, `Refund of ${formatPaise(input.amount)} recorded.`);
  }
  if (intent === "reverse-entry") {
    const submission = parseWithZod(formData, { schema: reverseEntrySchema });
    if (submission.status !== "success") return invalid(submission.reply().error);
    return afterEntry(intent, formData, await reverseEntry(booking.id, submission.value, actor, now), page, "Entry reversed: the ledger keeps both.");
  }
  const result = await createPaymentLinkFor(getPaymentGateway(), { bookingId: booking.id, lineKey: String(formData.get("lineKey") ?? "") }, actor, now);
  if (!result.ok) return redirectWithNotice(page, { kind: "error", message: `No link made: ${result.message}` });
  return redirectWithNotice(page, { kind: "success", message: `Payment link ${result.link.reference} made: copy it or send it on WhatsApp.` });
}
