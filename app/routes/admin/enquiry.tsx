import { data, Link } from "react-router";
import { AdminPage, adminMeta, adminUi } from "~/components/admin/admin-page";
import { EmailNotSetUpNotice } from "~/components/admin/email-not-set-up";
import { StatusBadge } from "~/components/admin/enquiries/enquiry-bits";
import { FollowUp, HistoryPanel, NotesPanel, SentFields } from "~/components/admin/enquiries/enquiry-detail";
import styles from "~/components/admin/enquiries/enquiries.module.css";
import { ReplyComposers } from "~/components/admin/enquiries/reply-composer";
import { parseEnquiryKey } from "~/lib/enquiry-id";
import { NOTE_MAX, SOURCE_LABELS } from "~/lib/enquiry-status";
import { canManageEnquiries } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handleEnquiryAction, type EnquiryActionData } from "~/server/enquiry/enquiry-page.server";
import { listReplyTemplates } from "~/server/reply-templates/reply-templates.server";
import { emailIsSetUp } from "~/server/notify/mailer.server";
import { assignableStaff, enquiryHistory, getEnquiry, listNotes } from "~/server/enquiry/enquiry-detail.server";
import { getFollowUp } from "~/server/enquiry/follow-up.server";
import { CallBackPanel } from "~/components/admin/enquiries/follow-ups";
import { isSaveFailure, keepFormOnFailure, skipRevalidationAfterFailure } from "~/lib/save-failure";
import { getSeatRequest } from "~/server/seat-request/seat-requests.server";
import { SeatRequestPanel } from "~/components/admin/seats/seat-request-panel";
import { EnquiryBookings } from "~/components/admin/bookings/enquiry-bookings";
import { bookingsFromEnquiry } from "~/server/booking/booking-queries.server";
import type { Route } from "./+types/enquiry";

const NOT_FOUND = { message: "There is no enquiry at this address." };

/** "lead-12" or "contact-5"; anything else is a 404 page, never an error. */
function refOf(params: Route.LoaderArgs["params"]) {
  const ref = parseEnquiryKey(params.id);
  if (!ref) throw data(NOT_FOUND, { status: 404 });
  return ref;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, { can: canManageEnquiries });
  const ref = refOf(params);
  const enquiry = await getEnquiry(ref);
  if (!enquiry) throw data(NOT_FOUND, { status: 404 });
  const [notes, history, staff, followUp, templates, seatRequest, bookings] = await Promise.all([
    listNotes(ref),
    enquiryHistory(ref),
    assignableStaff(enquiry.assignedTo),
    getFollowUp(ref),
    listReplyTemplates(),
    ref.kind === "lead" ? getSeatRequest(ref.id) : null,
    // Bookings made from it (ADR 088): linked both ways.
    bookingsFromEnquiry(ref),
  ]);
  return {
    enquiry: { ...enquiry, createdAt: enquiry.createdAt.toISOString() },
    notes: notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
    history: history.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    staff,
    // Reply templates (ADR 046), filled in with the signed-in agent's name.
    templates,
    agent: viewer.name,
    // Notes typed in the form, not left by a sent reply: the note form starts empty only after one of these.
    typedNotes: notes.length - history.filter((entry) => entry.kind === "enquiry.reply-sent").length,
    followUp: followUp ? { dueAt: followUp.dueAt.toISOString(), reason: followUp.reason, setByName: followUp.setByName } : null,
    // The server's clock: "Today 5 pm" and "Overdue" as the server sees them (ADR 045).
    now: context.clock.now().toISOString(),
    emailSetUp: emailIsSetUp(),
    seatRequest,
    bookings,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canManageEnquiries });
  return handleEnquiryAction(request, refOf(params), { viewer, ip: context.clientIp, now: context.clock.now() });
}

/** A save that cannot reach the server keeps the form as typed, with Retry (ADR 040). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormOnFailure(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = ({ data: loaded }) => adminMeta(loaded ? `Enquiry from ${loaded.enquiry.name}` : "Enquiry not found");

export default function EnquiryPage({ loaderData, actionData: answered }: Route.ComponentProps) {
  const { enquiry, notes, history, staff, now, emailSetUp, followUp, templates, agent, typedNotes, seatRequest, bookings } = loaderData;
  // A failed save is shown by AdminPage (with Retry); the forms keep their text.
  const actionData = isSaveFailure(answered) ? undefined : (answered as EnquiryActionData | undefined);
  return (
    <AdminPage
      title={enquiry.name}
      lead={
        <>
          {SOURCE_LABELS[enquiry.source]}
          {enquiry.packageTitle ? `: ${enquiry.packageTitle}` : ""} · <StatusBadge status={enquiry.status} />
        </>
      }
      actions={
        <Link to="/admin/enquiries" className={adminUi.button}>
          All enquiries
        </Link>
      }
    >
      {emailSetUp ? null : <EmailNotSetUpNotice />}
      <div className={styles.detail}>
        <div>
          <SentFields
            fields={enquiry.fields}
            name={enquiry.name}
            firstName={enquiry.firstName}
            phone={enquiry.phone}
            email={enquiry.email}
            packageTitle={enquiry.packageTitle}
            createdAt={enquiry.createdAt}
            now={now}
            replies={<ReplyComposers enquiry={enquiry} templates={templates} agent={agent} />}
          />
          {/* Second on a phone, where the columns stack: one tap away after what they sent (ADR 045). */}
          <CallBackPanel followUp={followUp} now={now} actionData={actionData} />
          <NotesPanel enquiryKey={enquiry.key} notes={notes} now={now} actionData={actionData} max={NOTE_MAX} typedNotes={typedNotes} />
        </div>
        <div>
          {seatRequest ? <SeatRequestPanel request={seatRequest} /> : <EnquiryBookings enquiryKey={enquiry.key} bookings={bookings} />}
          <FollowUp status={enquiry.status} assignedTo={enquiry.assignedTo} staff={staff} actionData={actionData} />
          <HistoryPanel history={history} now={now} />
        </div>
      </div>
    </AdminPage>
  );
}
