import { whatsappHref } from "~/lib/contact-links";
import { formatPaise } from "~/lib/price";
import { formatTourDate } from "~/lib/tour-format";
import { upiNote, upiPaymentUri, upiReference } from "~/lib/upi";
import { siteSettings } from "~/server/db/schema.server";
import type { DbExecutor } from "~/server/jobs/jobs.server";

/**
 * One amount due, as the traveller is asked for it (issue 46): the UPI link
 * for it, and the words of a reminder, the same on the booking page's "Send on
 * WhatsApp", the Payments screen's one-tap reminder and the reminder e-mail.
 */

export type UpiSettings = { upiId: string | null; payeeName: string | null; brandName: string };

export async function upiSettings(db: DbExecutor): Promise<UpiSettings> {
  const [row] = await db
    .select({ upiId: siteSettings.upiId, payeeName: siteSettings.upiPayeeName, brandName: siteSettings.brandName })
    .from(siteSettings)
    .limit(1);
  return { upiId: row?.upiId ?? null, payeeName: row?.payeeName ?? null, brandName: row?.brandName || "Pravas" };
}

/** The `upi://pay` link for one line's amount; null until the agency's UPI ID and payee name are set. */
export function amountDueUri(settings: UpiSettings, due: { bookingReference: string; lineKey: string; label: string; amountPaise: number }): string | null {
  if (!settings.upiId || !settings.payeeName) return null;
  return upiPaymentUri({
    vpa: settings.upiId,
    payeeName: settings.payeeName,
    amountPaise: due.amountPaise,
    note: upiNote(due.bookingReference, due.label),
    reference: upiReference(due.bookingReference, due.lineKey),
  });
}

export type DueMessage = {
  leadName: string;
  packageTitle: string;
  bookingReference: string;
  label: string;
  amountPaise: number;
  dueOn: string;
  upiUri: string | null;
  linkUrl: string | null;
  brandName: string;
};

/** "Namaste Asha, the balance of ₹75,000 for your … booking PRV-7KQ2M is due by 12 Dec 2026." with how to pay. */
export function dueMessage(due: DueMessage): string {
  const payWith = [due.upiUri ? `UPI: ${due.upiUri}` : null, due.linkUrl ? `Pay online: ${due.linkUrl}` : null].filter(Boolean).join("\n");
  return `Namaste ${due.leadName}, the ${due.label.toLowerCase()} of ${formatPaise(due.amountPaise)} for your ${due.packageTitle} booking ${due.bookingReference} is due by ${formatTourDate(due.dueOn)}.${payWith ? `\n${payWith}` : ""}\nThank you, ${due.brandName}`;
}

/** The wa.me link that opens WhatsApp with the reminder written, to the lead traveller's phone. */
export const dueWhatsapp = (phone: string, due: DueMessage) => whatsappHref(phone, dueMessage(due));
