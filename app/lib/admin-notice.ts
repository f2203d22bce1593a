/** A message for the signed-in user after an admin action (shown by the one notice component). */
export type AdminNotice = { kind: "success" | "error"; message: string };
