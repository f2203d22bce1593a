import type { Role, Viewer } from "./guard.server";

/**
 * Who may do what, one named rule per operation (like Payload's access/ folder).
 * Loaders and actions ask these rules, never compare roles themselves.
 *
 *   admin:  everything, including users and the activity log
 *   editor: packages, blogs and enquiries; not users, not personal-data requests
 */

const RANK: Record<Role, number> = { editor: 1, admin: 2 };

/**
 * Whether the viewer has at least `role` (an admin has every editor right).
 * Someone with a password to change or two-step sign-in to set up first has
 * no rights until they do (ADR 087): no rule below grants them anything.
 */
export function hasRole(viewer: Viewer | null, role: Role): boolean {
  return viewer !== null && !viewer.pending && RANK[viewer.role] >= RANK[role];
}

/** Staff see draft packages and blogs on the public pages and the API; visitors see published ones. */
export const canSeeDrafts = (viewer: Viewer | null) => hasRole(viewer, "editor");
/** Create, edit, publish and delete packages, blogs and their media. */
export const canEditContent = (viewer: Viewer | null) => hasRole(viewer, "editor");
/** Read and update enquiries, leads and contact messages. */
export const canManageEnquiries = (viewer: Viewer | null) => hasRole(viewer, "editor");
/**
 * Find, export and delete everything held about one visitor (the privacy
 * policy's promises, ADR 029): admins only, as it reaches across enquiries.
 */
export const canManagePersonalData = (viewer: Viewer | null) => hasRole(viewer, "admin");
/** Add users, change roles, deactivate, reset passwords. */
export const canManageUsers = (viewer: Viewer | null) => hasRole(viewer, "admin");
/** Read the activity log of everyone. */
export const canViewActivity = (viewer: Viewer | null) => hasRole(viewer, "admin");
/** Site settings (contacts, notifications, taxes, the lead popup): admins only (ADR 041). */
/** Backups hold every enquiry and account: download and start them (ADR 054). */
export const canManageBackups = (viewer: Viewer | null) => hasRole(viewer, "admin");
export const canManageSettings = (viewer: Viewer | null) => hasRole(viewer, "admin");
/** The legal pages (privacy, terms, refunds, disclaimer): admins only (ADR 041). */
export const canEditLegalPages = (viewer: Viewer | null) => hasRole(viewer, "admin");
/** The site-wide package terms, convenience list and refund rule: admins, like the legal pages they must agree with (ADR 044). */
export const canEditSiteTerms = (viewer: Viewer | null) => hasRole(viewer, "admin");
/** The enquiry page's reply templates: admins edit them; editors use them on enquiries (canManageEnquiries) (ADR 046). */
export const canEditReplyTemplates = (viewer: Viewer | null) => hasRole(viewer, "admin");
/** Make, change and move bookings along (issue 45, ADR 088): both roles, like the enquiries they come from. */
export const canManageBookings = (viewer: Viewer | null) => hasRole(viewer, "editor");
/** Delete a booking (soft, restorable for 30 days): admins only. */
export const canDeleteBookings = (viewer: Viewer | null) => hasRole(viewer, "admin");
/** A traveller's passport number and PAN in clear (ADR 108): admins only, and every reveal is logged. */
export const canRevealTravellerIds = (viewer: Viewer | null) => hasRole(viewer, "admin");
/** Record a payment on a booking, make a payment link (issue 46): both roles. */
export const canRecordPayments = (viewer: Viewer | null) => hasRole(viewer, "editor");
/** Change a booking's own payment schedule (add an instalment, move a date, change an amount): both roles, like recording payments. */
export const canEditPaymentSchedule = (viewer: Viewer | null) => hasRole(viewer, "editor");
/** Record a refund or a reversing entry (ADR 090): money going back, or a correction of the ledger. */
export const canCorrectLedger = (viewer: Viewer | null) => hasRole(viewer, "admin");
/** Download a booking's tax documents, and issue its quotes, receipts and tax invoice (issue 47, ADR 092): both roles. */
export const canIssueDocuments = (viewer: Viewer | null) => hasRole(viewer, "editor");
/** Issue a credit note or refund voucher (money going back), and cancel a document: admins only (ADR 092). */
export const canCorrectDocuments = (viewer: Viewer | null) => hasRole(viewer, "admin");
/** The Payments screen and its exports (issue 46): both roles may view. */
export const canViewPayments = (viewer: Viewer | null) => hasRole(viewer, "editor");
/**
 * Settings → Business and tax (issue 47): the agency's GSTIN and PAN, the
 * document series and the tax rules (add, withdraw): admins only, like the
 * other settings; an editor does not see the screen.
 */
export const canManageTaxSettings = (viewer: Viewer | null) => hasRole(viewer, "admin");
/** The GST register for the accountant (every document's taxable value and taxes): both roles, like the Payments export. */
export const canDownloadGstRegister = (viewer: Viewer | null) => hasRole(viewer, "editor");
/**
 * Verified reviews (issue 48, ADR 116): read the queue, publish, hide and reply.
 * Both roles, like the curated reviews editors already keep in the package editor;
 * every action is in the activity log.
 */
export const canModerateReviews = (viewer: Viewer | null) => hasRole(viewer, "editor");
/** "Send a new review link" on a booking (ADR 116): both roles, as "Send a new link" for the trip page. */
export const canSendReviewLinks = (viewer: Viewer | null) => hasRole(viewer, "editor");
/** The TCS register carries every traveller's PAN: admins only. */
export const canDownloadTcsRegister = (viewer: Viewer | null) => hasRole(viewer, "admin");
