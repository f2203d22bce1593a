/** What the personal-data page shows after a search: a summary, never more than the inbox already shows. */
export type PersonalDataResult = {
  q: string;
  kind: "email" | "phone";
  enquiries: { key: string; source: string; name: string; status: string; createdAt: string }[];
  /** Their bookings: erasure keeps each as an accounting record without who; a live one refuses it. */
  bookings: { reference: string; state: string; packageTitle: string; live: boolean }[];
  notes: number;
  outbox: number;
  deleteError?: string;
};
