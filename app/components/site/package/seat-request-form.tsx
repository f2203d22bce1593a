import { HoneypotField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { usePageForm } from "~/components/site/use-page-form";
import { VisitorContactFields } from "./visitor-contact-fields";
import { ENQUIRY_LIMITS as LIMITS } from "~/lib/enquiry-limits";
import { FETCHER_POST_FIELD, type PageFormResult } from "~/lib/page-form";
import type { PackageDetail } from "~/lib/package-view-model";
import { ROOM_LABELS, ROOM_PREFERENCES, SEAT_REQUEST_INTENT, SEAT_REQUEST_TRAVELLERS_MAX } from "~/lib/seats";
import formStyles from "./enquiry-form.module.css";
import styles from "./seat-request-form.module.css";

type Props = {
  packageTitle: string;
  departures: PackageDetail["departures"];
  /** The departure the visitor chose (?request=), or the one they posted. */
  departureId: string | null;
  /** The post without JavaScript: its answer from the page's action, or the reference after it redirected back. */
  initial?: PageFormResult;
};

/**
 * "Request seats" (issue 26 §3). It posts to the package page's action, with
 * a fetcher once the scripts run and as a plain form before (ADR 068), and
 * answers in place; whatever goes wrong, the typed fields stay as they are.
 */
export function SeatRequestForm({ packageTitle, departures, departureId, initial }: Props) {
  const page = usePageForm({ id: "seat-request-form", initial });
  const { fetcher, form, sending, sent, failed, error, value, key, field, enhanced, sentNoticeRef } = page;
  const open = departures.filter((date) => date.requestable);
  const chosen = value("departureId") ?? departureId ?? open[0]?.id ?? "";

  return (
    <section id="request-seats" className={styles.section} aria-labelledby="request-seats-heading">
      <h2 id="request-seats-heading" className={styles.heading}>
        Request seats
      </h2>
      <p className={styles.note}>A request is not a booking yet: our team confirms the seats and calls you about payment.</p>
      <fetcher.Form
        id={form.id}
        method="post"
        action={`?request=${encodeURIComponent(chosen)}#request-seats`}
        className={formStyles.form}
        onSubmit={form.onSubmit}
      >
        <input type="hidden" name="intent" value={SEAT_REQUEST_INTENT} />
        {enhanced ? <input type="hidden" name={FETCHER_POST_FIELD} value="1" /> : null}
        <p className={formStyles.package}>
          Package: <strong>{packageTitle}</strong>
        </p>
        <div className={formStyles.fields} hidden={Boolean(sent)}>
          <SelectField
            idPrefix="seats-"
            key={key("departureId")}
            name="departureId"
            label="Departure"
            defaultValue={chosen}
            error={error("departureId")}
            options={open.map((date) => ({ value: date.id ?? "", label: `${date.name}: ${date.dates}${date.seats ? ` (${date.seats})` : ""}` }))}
          />
          <VisitorContactFields idPrefix="seats-" fields={page} />
          <div className={formStyles.pair}>
            <TextField
              idPrefix="seats-"
              key={key("adults")}
              {...field("adults", "2")}
              label="Adults"
              type="number"
              inputMode="numeric"
              min={1}
              max={SEAT_REQUEST_TRAVELLERS_MAX}
              required
            />
            <TextField
              idPrefix="seats-"
              key={key("children")}
              {...field("children", "0")}
              label="Children"
              type="number"
              inputMode="numeric"
              min={0}
              max={SEAT_REQUEST_TRAVELLERS_MAX - 1}
            />
          </div>
          <SelectField
            idPrefix="seats-"
            key={key("room")}
            {...field("room", "twin")}
            label="Room preference"
            options={ROOM_PREFERENCES.map((room) => ({ value: room, label: ROOM_LABELS[room] }))}
          />
          <TextAreaField idPrefix="seats-" key={key("message")} {...field("message")} label="Message (optional)" rows={3} maxLength={LIMITS.messageMax} />
          <HoneypotField />
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending ? "Sending..." : "Send seat request"}
          </button>
        </div>
        <p ref={sentNoticeRef} tabIndex={-1} role="status" className={sent ? formStyles.sent : "visually-hidden"}>
          {sent ?? ""}
        </p>
        <p role="alert" className={failed ? formStyles.failed : "visually-hidden"}>
          {failed ?? ""}
        </p>
      </fetcher.Form>
    </section>
  );
}
