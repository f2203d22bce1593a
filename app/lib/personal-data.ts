/** What the personal-data page shows after a search: a summary, never more than the inbox already shows. */
export type PersonalDataResult = {
  q: string;
  kind: "email" | "phone";
  enquiries: { key: string; source: string; name: string; status: string; createdAt: string }[];
  notes: number;
  outbox: number;
  deleteError?: string;
};
