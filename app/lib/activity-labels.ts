import { describeChange } from "./content-fields";

/** How the activity log names each kind of entry; unknown kinds show as stored. */
const LABELS: Record<string, string> = {
  "auth.sign-in": "Signed in",
  "auth.sign-in-failed": "Failed sign-in",
  "auth.sign-in-failures-alert": "Owner alerted about failed sign-ins",
  "auth.sign-in-throttled": "Sign-in throttled",
  "auth.sign-out": "Signed out",
  "user.created": "Added a user",
  "user.invited": "Invited a user",
  "user.updated": "Updated a user",
  "user.renamed": "Changed a name",
  "user.role-changed": "Changed a role",
  "user.deactivated": "Deactivated a user",
  "user.reactivated": "Reactivated a user",
  "user.password-reset-link": "Created a password reset link",
  "user.password-set": "Set a password with a link",
  "user.password-changed": "Changed own password",
  "user.sessions-revoked": "Ended a user's sessions",
  "auth.session-ended": "Signed out a session",
  "auth.two-factor-failed": "Wrong two-step code",
  "user.two-factor-enabled": "Turned two-step sign-in on",
  "user.two-factor-disabled": "Turned two-step sign-in off",
  "user.two-factor-reset": "Reset a user's two-step sign-in",
  "user.recovery-codes-regenerated": "Made new recovery codes",
  "settings.two-factor-required": "Changed whether two-step sign-in is required",
  "settings.updated": "Changed the site settings",
  "settings.business-updated": "Changed the business and tax details",
  "tax-rule.added": "Added a tax rule",
  "tax-rule.withdrawn": "Withdrew a tax rule",
  "backup.downloaded": "Downloaded a backup",
  "home.faqs-updated": "Changed the FAQ",
  "home.reviews-updated": "Changed the traveller reviews",
  "home.hero-updated": "Changed the home page hero",
  "home.cards-updated": "Changed Why Choose Us or the process steps",
  "legal.updated": "Changed a legal page",
  "terms.updated": "Changed the package terms",
  "reply-templates.updated": "Changed the reply templates",
  "auth.other-sessions-ended": "Signed out everywhere else",
  "user.deleted": "Deleted a user",
  "package.created": "Created a package",
  "package.updated": "Updated a package",
  "package.published": "Published a package",
  "package.unpublished": "Unpublished a package",
  "package.deleted": "Deleted a package",
  "package.draft-saved": "Saved draft changes to a package",
  "package.draft-discarded": "Discarded draft changes to a package",
  "package.scheduled": "Scheduled a package to publish",
  "package.unscheduled": "Cancelled a package's scheduled publishing",
  "package.schedule-failed": "Could not publish a package on schedule",
  "package.restored": "Restored a deleted package",
  "blog.created": "Created a blog",
  "blog.updated": "Updated a blog",
  "blog.published": "Published a blog",
  "blog.unpublished": "Unpublished a blog",
  "blog.deleted": "Deleted a blog",
  "blog.draft-saved": "Saved draft changes to a blog",
  "blog.draft-discarded": "Discarded draft changes to a blog",
  "blog.scheduled": "Scheduled a blog to publish",
  "blog.unscheduled": "Cancelled a blog's scheduled publishing",
  "blog.schedule-failed": "Could not publish a blog on schedule",
  "blog.restored": "Restored a deleted blog",
  "media.uploaded": "Uploaded media",
  "media.deleted": "Deleted media",
  "media.updated": "Changed an image's alt text",
  "media.replaced": "Replaced an image's file",
  "enquiry.updated": "Updated an enquiry",
  "notification.retried": "Retried a notification",
  "enquiry.status-changed": "Changed an enquiry's status",
  "enquiry.assigned": "Assigned an enquiry",
  "enquiry.note-added": "Added a note to an enquiry",
  "enquiry.reply-sent": "Sent a reply to an enquiry",
  "enquiry.personal-data-exported": "Exported a person's data",
  "enquiry.personal-data-deleted": "Deleted a person's data",
  "enquiry.retention-deleted": "Deleted old enquiries (retention)",
  "enquiry.follow-up-set": "Set a call-back date",
  "enquiry.follow-up-cleared": "Cleared a call-back date",
  "account.digest-changed": "Changed their daily digest e-mail",
  "booking.created": "Made a booking",
  "booking.updated": "Changed a booking",
  "booking.offered": "Offered a waitlisted booking seats",
  "booking.confirmed": "Confirmed a booking",
  "booking.cancelled": "Cancelled a booking",
  "booking.expired": "A booking's hold expired",
  "booking.completed": "A booking's trip was completed",
  "booking.deleted": "Deleted a booking",
  "booking.restored": "Restored a deleted booking",
  "payment.recorded": "Recorded a payment",
  "payment.refunded": "Recorded a refund",
  "payment.reversed": "Reversed a ledger entry",
  "payment.link-created": "Made a payment link",
  "payment.schedule-changed": "Changed a booking's payment schedule",
  "payment.event-handled": "Marked a gateway event handled",
  "document.issued": "Issued a tax document",
  "document.cancelled": "Cancelled a tax document",
  "trip.link-sent": "Sent a trip page link",
  "trip.consent-given": "A traveller agreed to give their details",
  "trip.cancellation-asked": "A traveller asked for a cancellation",
  "trip.task-done": "Marked a traveller's request done",
  "trip.details-revealed": "Revealed a traveller's passport number or PAN",
  "review.requested": "Asked a traveller for a review",
  "review.link-sent": "Sent a traveller a new review link",
  "review.received": "A traveller wrote a review",
  "review.published": "Published a traveller's review",
  "review.hidden": "Hid a traveller's review",
  "review.replied": "Replied to a traveller's review",
  "trip.message-sent": "E-mailed a traveller a scheduled trip message",
  "booking.tcs-reworked": "Worked a booking's TCS out again at a new TCS rule",
};

export function activityLabel(kind: string): string {
  return LABELS[kind] ?? kind;
}

/** Kinds about the one document of their kind, which their label names already ("Changed the FAQ"). */
const NAMES_ITS_SUBJECT = new Set([
  "home.faqs-updated",
  "home.reviews-updated",
  "home.hero-updated",
  "home.cards-updated",
  "settings.updated",
  "settings.business-updated",
  "settings.two-factor-required",
  "terms.updated",
  "reply-templates.updated",
]);

/**
 * An entry as a sentence after the person's name (the dashboard's Recent
 * activity): "changed the FAQ", "updated a package: Bali Group Tour". The
 * label's first word is lower-cased, never an acronym, and a subject the
 * label already names is not said twice (issue 49: "changed the faq: FAQ").
 */
export function activitySentence(kind: string, subject: string): string {
  const label = activityLabel(kind);
  const acronym = /^[A-Z]{2}/.test(label);
  const words = acronym ? label : `${label.charAt(0).toLowerCase()}${label.slice(1)}`;
  return subject && !NAMES_ITS_SUBJECT.has(kind) ? `${words}: ${subject}` : words;
}

/** One changed field as the log says it (stored with the entry by writeContent, ADR 037). */
type StoredChange = { label?: unknown; from?: unknown; to?: unknown };

/**
 * What an entry's detail says changed: "changed price (adult) from ₹99,500 to
 * ₹1,04,500", one line per field, and "and 3 more" past the stored ones.
 */
export function activityChanges(detail: Record<string, unknown> | null | undefined): string[] {
  const changes = Array.isArray(detail?.changes) ? (detail.changes as StoredChange[]) : [];
  const lines = changes
    .filter((change) => typeof change?.label === "string")
    .map((change) =>
      describeChange({
        field: "",
        label: String(change.label),
        ...(typeof change.from === "string" && typeof change.to === "string" ? { from: change.from, to: change.to } : {}),
      }),
    );
  const total = typeof detail?.changeCount === "number" ? detail.changeCount : lines.length;
  if (total > lines.length) lines.push(`and ${total - lines.length} more`);
  return lines;
}
