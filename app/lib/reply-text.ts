import { whatsappNumber } from "./enquiry-format";
import { formatMonth } from "./tour-format";

/**
 * Reply templates' words (issue 23, ADR 046), free of Zod so the enquiry page
 * loads no schema code: channels, limits, the filling of placeholders and the
 * wa.me and mailto: links. The schemas are in reply-templates.ts.
 */

export const REPLY_CHANNELS = ["whatsapp", "email"] as const;
export type ReplyChannel = (typeof REPLY_CHANNELS)[number];
export const CHANNEL_LABELS: Record<ReplyChannel, string> = { whatsapp: "WhatsApp", email: "E-mail" };
/** How a sent reply is named in a note: "Sent “Quote” on WhatsApp". */
const CHANNEL_PHRASES: Record<ReplyChannel, string> = { whatsapp: "on WhatsApp", email: "by e-mail" };

export const REPLY_PLACEHOLDERS = ["{name}", "{package}", "{departure}", "{travellers}", "{agent}"] as const;
export const TEMPLATE_NAME_MAX = 60;
export const TEMPLATE_SUBJECT_MAX = 150;
export const TEMPLATE_BODY_MAX = 2000;
export const TEMPLATES_MAX = 30;

export type ReplyTemplate = { id: number; name: string; channel: ReplyChannel; subject: string; body: string };
/** A template as the admin form starts from it. */
export type ReplyTemplateFormItem = { name: string; channel: ReplyChannel; subject: string; body: string };

/** What the placeholders become for one enquiry and one agent. */
export type ReplyValues = { name: string; package: string; departure: string; travellers: string; agent: string };

/** Said when an enquiry names no package or no month: the sentence still reads. */
const NO_PACKAGE = "a holiday with us";
const NO_DEPARTURE = "dates that suit you";
const NO_TRAVELLERS = "your group";

/**
 * The placeholders' values: the enquirer's first name, the package, the
 * preferred month ("January 2027"), how many travel ("3 travellers", issue
 * 49: the quote no longer asks what the enquiry said) and the agent's name.
 */
export function replyValues(
  enquiry: { firstName: string; packageTitle: string | null; preferredMonth?: string | null; travellers?: number | null },
  agentName: string,
): ReplyValues {
  const travellers = enquiry.travellers ?? 0;
  return {
    name: enquiry.firstName.trim() || "there",
    package: enquiry.packageTitle?.trim() || NO_PACKAGE,
    departure: enquiry.preferredMonth ? formatMonth(enquiry.preferredMonth) : NO_DEPARTURE,
    travellers: travellers > 0 ? `${travellers} ${travellers === 1 ? "traveller" : "travellers"}` : NO_TRAVELLERS,
    agent: agentName.trim() || "the Pravas team",
  };
}

/** A template's text with its placeholders filled; anything else in braces stays as written. */
export function fillReply(template: string, values: ReplyValues): string {
  return template.replace(/\{(name|package|departure|travellers|agent)\}/g, (_, key: keyof ReplyValues) => values[key]);
}

/** wa.me link to the enquirer's phone (read as Indian without a country code) with the message. */
export function whatsappReplyHref(phone: string, message: string): string {
  return `https://wa.me/${whatsappNumber(phone)}?text=${encodeURIComponent(message)}`;
}

/** mailto: link that opens the agent's own mail app with the subject and body. */
export function emailReplyHref(email: string, subject: string, body: string): string {
  // encodeURIComponent, not URLSearchParams: mail apps read "+" as a plus sign, not a space.
  return `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** The note a sent reply leaves: "Sent “Quote” on WhatsApp" ("Sent a reply on WhatsApp" without a template). */
export function sentReplyNote(templateName: string | null | undefined, channel: ReplyChannel): string {
  return templateName ? `Sent “${templateName}” ${CHANNEL_PHRASES[channel]}` : `Sent a reply ${CHANNEL_PHRASES[channel]}`;
}
