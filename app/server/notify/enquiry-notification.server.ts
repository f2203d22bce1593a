import { formatDateTime } from "~/lib/admin-format";
import { enquiryKey } from "~/lib/enquiry-id";
import { getEnv } from "~/server/env.server";
import type { DbExecutor } from "~/server/jobs/jobs.server";
import { enqueueNotifications, type NotificationSubject, type QueuedNotification } from "./notification-jobs.server";
import type { WebhookPayload } from "./webhook.server";

export type EnquirySource = WebhookPayload["source"];

/** How the team's e-mail subject names each source. */
const SUBJECT_SOURCE: Record<EnquirySource, string> = {
  popup: "call-back request",
  "package-enquiry": "package enquiry",
  "seat-request": "seat request",
  contact: "contact message",
};

/** A new enquiry as its notifications describe it. */
export type NewEnquiry = {
  subject: NotificationSubject & { type: "lead" | "contact-message" };
  source: EnquirySource;
  receivedAt: Date;
  /** The visitor's name: the popup's and enquiry form's one field, or first and last name. */
  name: string | { firstName: string; lastName: string };
  phone: string;
  email?: string | null;
  message?: string | null;
  package?: { id: number; title: string; slug: string } | null;
  travellers?: number | null;
  preferredMonth?: string | null;
};

/** One line: a line break typed into a name must not shape the subject (nodemailer encodes it anyway). */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

function nameParts(name: NewEnquiry["name"]) {
  if (typeof name !== "string") return { full: oneLine(`${name.firstName} ${name.lastName}`), ...name };
  const full = oneLine(name);
  const space = full.indexOf(" ");
  return space < 0 ? { full, firstName: full, lastName: "" } : { full, firstName: full.slice(0, space), lastName: full.slice(space + 1) };
}

/** "New package enquiry from Asha Rao — Bali 7D/6N", "New call-back request from Asha Rao". */
function enquiryEmailSubject(enquiry: Pick<NewEnquiry, "source" | "name" | "package">): string {
  const pkg = enquiry.package ? ` — ${oneLine(enquiry.package.title)}` : "";
  return `New ${SUBJECT_SOURCE[enquiry.source]} from ${nameParts(enquiry.name).full}${pkg}`;
}

/**
 * The end of every team e-mail about an enquiry (issue 49): when it came, in
 * Indian time as the back office says it, and the link to it there (unless
 * the text already gives it).
 */
export function teamEmailFooter(enquiry: Pick<NewEnquiry, "subject" | "receivedAt">, text: string): string {
  const site = getEnv().SITE_URL.replace(/\/$/, "");
  const link = `${site}/admin/enquiries/${enquiryKey({ kind: enquiry.subject.type === "lead" ? "lead" : "contact", id: enquiry.subject.id })}`;
  const lines = ["", "", `Received: ${formatDateTime(enquiry.receivedAt)} (Indian time)`];
  if (!text.includes(link)) lines.push(`Open it in the back office: ${link}`);
  return lines.join("\n");
}

function enquiryWebhookPayload(enquiry: NewEnquiry): WebhookPayload {
  const site = getEnv().SITE_URL.replace(/\/$/, "");
  const { full, firstName, lastName } = nameParts(enquiry.name);
  return {
    event: "enquiry.created",
    enquiry: enquiry.subject,
    source: enquiry.source,
    receivedAt: enquiry.receivedAt.toISOString(),
    name: full,
    firstName,
    lastName,
    phone: enquiry.phone,
    email: enquiry.email ?? null,
    message: enquiry.message ?? null,
    package: enquiry.package ? { id: enquiry.package.id, title: enquiry.package.title, url: `${site}/packages/${enquiry.package.slug}` } : null,
    travellers: enquiry.travellers ?? null,
    preferredMonth: enquiry.preferredMonth ?? null,
  };
}

/**
 * Queues every notification of a new enquiry: the team's e-mail (to `to`,
 * Reply-To the visitor's e-mail when given; From is added when sending) and,
 * when WEBHOOK_URL is set, the webhook's copy. Call it inside the transaction
 * that stores the enquiry, then `nudgeJobs()` after the commit (ADR 050, 030).
 */
export async function enqueueEnquiryNotifications(tx: DbExecutor, enquiry: NewEnquiry, email: { to: string; text: string }): Promise<void> {
  await enqueueManyEnquiryNotifications(tx, [{ enquiry, email }]);
}

/** The same for enquiries stored together (group commit): one statement for all their notifications. */
export async function enqueueManyEnquiryNotifications(tx: DbExecutor, items: { enquiry: NewEnquiry; email: { to: string; text: string } }[]): Promise<void> {
  const withWebhook = Boolean(getEnv().WEBHOOK_URL);
  const notifications = items.flatMap(({ enquiry, email }): QueuedNotification[] => {
    const teamEmail: QueuedNotification = {
      channel: "email",
      subject: enquiry.subject,
      payload: {
        to: email.to,
        subject: enquiryEmailSubject(enquiry),
        replyTo: enquiry.email ?? undefined,
        text: email.text + teamEmailFooter(enquiry, email.text),
      },
    };
    if (!withWebhook) return [teamEmail];
    return [teamEmail, { channel: "webhook", subject: enquiry.subject, payload: enquiryWebhookPayload(enquiry) }];
  });
  await enqueueNotifications(tx, notifications);
}
