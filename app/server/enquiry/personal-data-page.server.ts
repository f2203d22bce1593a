import { data } from "react-router";
import { enquiryKey } from "~/lib/enquiry-id";
import type { PersonalDataResult } from "~/lib/personal-data";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import { deletePersonalData, findPersonalData, parsePersonKey, type PersonKey } from "./personal-data.server";

const PERSONAL_DATA_PAGE = "/admin/enquiries/personal-data";
const PERSON_KEY_ERROR = "Enter a phone number (8 to 15 digits) or an e-mail address.";

type PersonalDataActionData = { error: string; q: string } | PersonalDataResult;

async function summarise(q: string, key: PersonKey, deleteError?: string): Promise<PersonalDataResult> {
  const found = await findPersonalData(key);
  const enquiries = [
    ...found.leads.map((row) => ({
      key: enquiryKey({ kind: "lead", id: row.id }),
      source: row.source,
      name: row.name,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
    ...found.contactMessages.map((row) => ({
      key: enquiryKey({ kind: "contact", id: row.id }),
      source: "contact",
      name: `${row.firstName} ${row.lastName}`,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { q, kind: key.kind, enquiries, notes: found.notes.length, outbox: found.outbox.length, deleteError };
}

const sameKey = (a: PersonKey | null, b: PersonKey) =>
  a !== null && a.kind === b.kind && (a.kind === "email" ? a.value === b.value : a.digits === (b as typeof a).digits);

/**
 * Posts of the personal-data page. A search is a POST too, so the phone or
 * e-mail never sits in a URL, the browser's history or an access log.
 */
export async function handlePersonalDataAction(request: Request, viewer: Viewer, ip?: string) {
  const form = await request.formData();
  const q = String(form.get("q") ?? "")
    .trim()
    .slice(0, 200);
  const key = parsePersonKey(q);
  if (!key) return data<PersonalDataActionData>({ error: PERSON_KEY_ERROR, q }, { status: 400 });
  if (form.get("intent") !== "delete") return data<PersonalDataActionData>(await summarise(q, key));

  if (!sameKey(parsePersonKey(String(form.get("confirm") ?? "")), key)) {
    const what = key.kind === "email" ? "e-mail address" : "phone number";
    return data<PersonalDataActionData>(await summarise(q, key, `Type the ${what} exactly to confirm. Nothing was deleted.`), { status: 400 });
  }
  const counts = await deletePersonalData(key, { viewer, ip });
  const total = counts.leads + counts.contactMessages;
  return redirectWithNotice(PERSONAL_DATA_PAGE, {
    kind: "success",
    message:
      total === 0
        ? "Nothing was held, so nothing was deleted."
        : `Deleted ${total} ${total === 1 ? "enquiry" : "enquiries"}, ${counts.notes} ${counts.notes === 1 ? "note" : "notes"} and ${counts.outbox} ${counts.outbox === 1 ? "notification" : "notifications"}. Backups made before now still hold them until they are deleted (automatic ones within six months).`,
  });
}
