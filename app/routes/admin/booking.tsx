import { Link } from "react-router";
import { AdminPage, adminMeta, adminUi } from "~/components/admin/admin-page";
import { BookingForm } from "~/components/admin/bookings/booking-form";
import { BookingSummary, BookingTimeline } from "~/components/admin/bookings/booking-panels";
import styles from "~/components/admin/bookings/bookings.module.css";
import type { BookingFormValues } from "~/lib/booking-form-values";
import { keepFormOnFailure, sentAfterFailure, skipRevalidationAfterFailure, withoutSaveFailure } from "~/lib/save-failure";
import { canManageBookings } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handleBookingAction, loadBookingPage } from "~/server/booking/booking-page.server";
import { BookingMoney } from "~/components/admin/bookings/booking-money";
import { followBookingTotal } from "~/server/payment-ledger/schedule-write.server";
import {
  bookingForMoney,
  handleMoneyAction,
  isMoneyIntent,
  loadMoneyPanel,
  requireMoneyRight,
  type MoneyActionData,
} from "~/server/payment-ledger/money-page.server";
import { BookingDocuments } from "~/components/admin/bookings/booking-documents";
import {
  bookingForDocuments,
  handleDocumentAction,
  isDocumentIntent,
  loadDocumentsPanel,
  requireDocumentRight,
  type DocumentsActionData,
} from "~/server/document/documents-page.server";
import type { Route } from "./+types/booking";
import type { EditorActionData } from "~/components/admin/use-editor-form";
import { BookingTripPanel } from "~/components/admin/bookings/booking-trip-panel";
import { handleReviewLinkIntent, requireReviewLinkRight, REVIEW_LINK_INTENT, reviewLinkPanel } from "~/server/review/review-new-link.server";
import { bookingByReference, handleTripIntent, isTripIntent, loadTripPanel, requireTripRight, type TripPanelAnswer } from "~/server/trip/trip-staff.server";

/** One booking (ADR 088): its state and next steps, its form while not cancelled, and its timeline. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, { can: canManageBookings });
  const now = context.clock.now();
  const [page, money, documents, trip] = await Promise.all([
    loadBookingPage(params.ref, viewer, now),
    bookingForMoney(params.ref).then((row) => loadMoneyPanel(row, viewer, now)),
    bookingForDocuments(params.ref).then((row) => loadDocumentsPanel(row, viewer, now)),
    bookingByReference(params.ref).then(async (row) => ({ ...(await loadTripPanel(row, viewer)), review: await reviewLinkPanel(row, now) })),
  ]);
  return { ...page, money, documents, trip };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canManageBookings });
  // The money forms (issue 46): both roles record payments and change schedules; refunds and reversals are admins'.
  const intent = (await request.clone().formData()).get("intent");
  // The traveller's page (issue 48): new link and requests for both roles; Reveal is checked for admins inside.
  // "Send a new review link" (ADR 116): both roles, after the trip, once per booking.
  if (intent === REVIEW_LINK_INTENT) {
    requireReviewLinkRight(viewer);
    return handleReviewLinkIntent(await bookingByReference(params.ref), viewer, context.clientIp, context.clock.now());
  }
  if (isTripIntent(intent)) {
    requireTripRight(intent, viewer);
    return handleTripIntent(intent, await request.formData(), await bookingByReference(params.ref), viewer, context.clientIp, context.clock.now());
  }
  if (isMoneyIntent(intent)) {
    requireMoneyRight(intent, viewer);
    return handleMoneyAction(intent, await request.formData(), await bookingForMoney(params.ref), viewer, context.clock.now(), `/admin/bookings/${params.ref}`);
  }
  // The Documents panel (issue 47): both roles issue quotes, receipts and the invoice; credit notes and cancelling are admins'.
  if (isDocumentIntent(intent)) {
    requireDocumentRight(intent, viewer);
    return handleDocumentAction(
      intent,
      await request.formData(),
      await bookingForDocuments(params.ref),
      viewer,
      context.clock.now(),
      `/admin/bookings/${params.ref}`,
      followBookingTotal,
    );
  }
  return handleBookingAction(request, params.ref, viewer, context.clientIp, context.clock.now());
}

/** A save that cannot reach the server keeps the form as typed, with Retry (ADR 040). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormOnFailure(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = ({ data: loaded }) => adminMeta(loaded ? `Booking ${loaded.booking.reference}` : "Booking not found");

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, stored, editable, values, packages, timeline, canDelete, now, money, documents, trip } = loaderData;
  const tripAnswer =
    actionData && typeof actionData === "object" && ("revealed" in actionData || "revealError" in actionData || "panForTcsError" in actionData)
      ? (actionData as TripPanelAnswer)
      : undefined;
  const moneyAction = actionData && typeof actionData === "object" && "money" in actionData ? (actionData as MoneyActionData).money : undefined;
  const documentsAction = actionData && typeof actionData === "object" && "documents" in actionData ? (actionData as DocumentsActionData).documents : undefined;
  return (
    <AdminPage
      title={`${booking.reference} · ${booking.leadName}`}
      lead={`${booking.packageTitle}: ${booking.seats} ${booking.seats === 1 ? "traveller" : "travellers"}`}
      actions={
        <Link to="/admin/bookings" className={adminUi.button}>
          All bookings
        </Link>
      }
    >
      {/* The state and what can be done next come first: on a phone they sit above the form (ADR 088). */}
      <div className={styles.detail}>
        <div className={styles.detailSummary}>
          <BookingSummary booking={booking} now={now} canDelete={canDelete} />
          <BookingMoney money={money} actionData={moneyAction} />
          <BookingDocuments
            panel={documents}
            actionData={documentsAction}
            tripPan={trip.panForTcs}
            tripPanError={tripAnswer && "panForTcsError" in tripAnswer ? tripAnswer.panForTcsError : undefined}
          />
          <BookingTripPanel reference={booking.reference} trip={trip} now={now} answer={tripAnswer} />
        </div>
        <div className={styles.detailForm}>
          {editable ? (
            <BookingForm
              key={stored.version}
              stored={stored}
              values={sentAfterFailure<BookingFormValues>(actionData) ?? values}
              packages={packages}
              defaultHold=""
              actionData={moneyAction || documentsAction || tripAnswer ? undefined : withoutSaveFailure(actionData as EditorActionData | undefined)}
            />
          ) : (
            <>
              <p className={adminUi.muted}>A cancelled booking is kept as it was: make a new booking to book these travellers again.</p>
              {/* No form: the timeline takes its place rather than sitting below the summary beside an empty column. */}
              <BookingTimeline entries={timeline} now={now} />
            </>
          )}
        </div>
        {editable ? (
          <div className={styles.detailTimeline}>
            <BookingTimeline entries={timeline} now={now} />
          </div>
        ) : null}
      </div>
    </AdminPage>
  );
}
