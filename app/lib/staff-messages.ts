/** Messages of the staff pages that both the server and the page show. */
export const INVALID_LINK_MESSAGE = "This link is invalid, already used or expired. Ask an admin for a new one.";

/** "Forgot password?": the one answer to every well-formed request, whether or not the address is a staff member's (issue 49). */
export const FORGOT_PASSWORD_ANSWER =
  "If that address belongs to a Pravas staff account, we have sent it a link to choose a new password. The link works once, for one hour. Check your spam folder too.";
