import { formatWhen } from "./admin-format";

/**
 * A mail error as the team would say it (issue 49: the dashboard showed a raw
 * socket error). Nodemailer's codes first, then the SMTP reply's number.
 */
export function plainMailError(error: string): string {
  if (/ECONNREFUSED/.test(error)) return "the mail server refuses connections";
  if (/ETIMEDOUT|ETIMEOUT|timed? ?out|ESOCKET.*timeout/i.test(error)) return "the mail server does not answer";
  if (/ENOTFOUND|EAI_AGAIN|EDNS/.test(error)) return "the mail server's address cannot be found";
  if (/ECONNRESET|EPIPE|closed unexpectedly/i.test(error)) return "the mail server drops the connection";
  if (/EAUTH|\b53[45]\b|authenticat/i.test(error)) return "the mail server refuses our user name or password (SMTP_URL)";
  if (/certificate|TLS|SSL/i.test(error)) return "a secure connection to the mail server fails";
  if (/\b55[0-4]\b/.test(error)) return "the mail server refuses an address or the message";
  if (/\b4\d\d\b/.test(error)) return "the mail server asks us to try later";
  return "the mail server reports an error";
}

/** "E-mails to the team are failing since 2:33 pm: the mail server refuses connections." */
export function mailFailureMessage(failure: { since: Date | string; lastError: string }, now: Date): string {
  return `E-mails to the team are failing since ${formatWhen(failure.since, now)}: ${plainMailError(failure.lastError)}.`;
}
