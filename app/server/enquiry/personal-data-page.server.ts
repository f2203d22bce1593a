import { data } from "react-router";
import { enquiryKey } from "~/lib/enquiry-id";
import type { PersonalDataResult } from "~/lib/personal-data";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import { liveBookings } from "./personal-data-bookings.server";
import { deletePersonalData, findPersonalData, LiveBookingsError, parsePersonKey, type PersonKey } from "./personal-data.server";

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
  const live = new Set(liveBookings(found.booked).map((row) => row.id));
  const bookings = found.booked.bookings.map((row) => ({ reference: row.reference, state: row.state, packageTitle: row.packageTitle, live: live.has(row.id) }));
  return { q, kind: key.kind, enquiries, bookings, notes: found.notes.length, outbox: found.outbox.length + found.booked.bookingEmails.length, deleteError };
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
  let counts: Awaited<ReturnType<typeof deletePersonalData>>;
  try {
    counts = await deletePersonalData(key, { viewer, ip });
  } catch (err) {
    if (!(err instanceof LiveBookingsError)) throw err;
    const which = err.references.join(", ");
    return data<PersonalDataActionData>(
      await summarise(
        q,
        key,
        `${err.references.length === 1 ? `Booking ${which} is` : `Bookings ${which} are`} still held, confirmed or waitlisted: cancel ${err.references.length === 1 ? "it" : "them"}, or wait until the trip is completed, then delete. Nothing was deleted.`,
      ),
      { status: 409 },
    );
  }
  const total = counts.leads + counts.contactMessages;
  const erased = counts.bookings
    ? ` Removed their name, phone and e-mail from ${counts.bookings === 1 ? "1 booking" : `${counts.bookings} bookings`} (kept for the accounts).`
    : "";
  return redirectWithNotice(PERSONAL_DATA_PAGE, {
    kind: "success",
    message:
      total + counts.bookings === 0
        ? "Nothing was held, so nothing was deleted."
        : `Deleted ${total} ${total === 1 ? "enquiry" : "enquiries"}, ${counts.notes} ${counts.notes === 1 ? "note" : "notes"} and ${counts.outbox} ${counts.outbox === 1 ? "notification" : "notifications"}.${erased} Backups made before now still hold them until they are deleted (automatic ones within six months).`,
  });
}
