import { NotFoundNotice } from "~/components/site/not-found/not-found-notice";

/**
 * The one 404 of the traveller's links (ADR 108, 116): a wrong, tampered,
 * revoked, used or expired trip page or review link all get this page, so
 * the answer tells nothing about which it was.
 */
export function LinkNotFound() {
  return (
    <NotFoundNotice title="Page not found">
      <p>This link does not work: it may be mistyped, used already or out of date, or we have sent a newer one.</p>
      <p>
        <a href="/trip">Ask for a new link</a> with your booking reference, or call us.
      </p>
    </NotFoundNotice>
  );
}
