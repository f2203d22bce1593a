/** A message for the signed-in user after an admin action (shown by the one notice component). */
export type AdminNotice = {
  kind: "success" | "error";
  message: string;
  /** A refused save's fields to fix (issue 20): listed as links to each field (`id`) in the form. */
  fields?: NoticeField[];
};

export type NoticeField = { id: string; label: string; message: string };

/** Sent when a notice's field link is followed: an editor that hides the field (a closed section) shows it. */
export const REVEAL_FIELD_EVENT = "pravas:reveal-field";
