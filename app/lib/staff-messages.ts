/** Messages of the staff pages that both the server and the page show. */
export const INVALID_LINK_MESSAGE = "This link is invalid, already used or expired. Ask an admin for a new one.";
