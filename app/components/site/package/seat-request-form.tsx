import { useState, type FormEvent } from "react";
import { HoneypotField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { ENQUIRY_LIMITS as LIMITS } from "~/lib/enquiry-limits";
import type { PackageDetail } from "~/lib/package-view-model";
import { ROOM_LABELS, ROOM_PREFERENCES, SEAT_REQUEST_TRAVELLERS_MAX } from "~/lib/seats";
import formStyles from "./enquiry-form.module.css";
import styles from "./seat-request-form.module.css";

export type SeatFormState = { fields?: Record<string, string>; values?: Record<string, string>; failed?: string };

type Props = {
  packageId: number;
  packageTitle: string;
  departures: PackageDetail["departures"];
  /** The departure the visitor chose (?request=), or the one they posted. */
  departureId: string | null;
  /** The reference once stored (the no-JavaScript post redirected back with it). */
  sentMessage?: string;
  initial?: SeatFormState;
};

type Status = { kind: "idle" | "sending" } | { kind: "sent" | "failed"; message: string };

/**
 * "Request seats" (issue 26 §3). A plain form that posts to the package page
 * (no JavaScript needed); with JavaScript it posts to /api/seat-requests and
 * answers in place, so whatever goes wrong, the typed fields stay as they are.
 */
export function SeatRequestForm({ packageId, packageTitle, departures, departureId, sentMessage, initial }: Props) {
  const [status, setStatus] = useState<Status>(
    sentMessage ? { kind: "sent", message: sentMessage } : initial?.failed ? { kind: "failed", message: initial.failed } : { kind: "idle" },
  );
  const [errors, setErrors] = useState<Record<string, string>>(initial?.fields ?? {});
  const values = initial?.values ?? {};
  const open = departures.filter((date) => date.requestable);
  const chosen = values.departureId ?? departureId ?? open[0]?.id ?? "";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === "string") body.append(key, value);
    body.set("packageId", String(packageId));
    setStatus({ kind: "sending" });
    try {
      const response = await fetch("/api/seat-requests", { method: "POST", body });
      const answer = (await response.json().catch(() => ({}))) as { message?: string; error?: string; fields?: Record<string, string> };
      setErrors(answer.fields ?? {});
      if (response.ok) setStatus({ kind: "sent", message: answer.message ?? "Thank you! Your seat request has been sent." });
      else if (answer.fields) {
        setStatus({ kind: "idle" });
        const first = Object.keys(answer.fields)[0];
        requestAnimationFrame(() => form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
      } else setStatus({ kind: "failed", message: answer.error ?? "Something went wrong. Please try again." });
    } catch {
      setStatus({ kind: "failed", message: "We could not reach our server. Please check your connection and try again: your details are still here." });
    }
  }

  return (
    <section id="request-seats" className={styles.section} aria-labelledby="request-seats-heading">
      <h2 id="request-seats-heading" className={styles.heading}>
        Request seats
      </h2>
      <p className={styles.note}>A request is not a booking yet: our team confirms the seats and calls you about payment.</p>
      <form method="post" action={`?request=${encodeURIComponent(chosen)}#request-seats`} className={formStyles.form} onSubmit={submit}>
        <input type="hidden" name="intent" value="seats" />
        <p className={formStyles.package}>
          Package: <strong>{packageTitle}</strong>
        </p>
        <div className={formStyles.fields} hidden={status.kind === "sent"}>
          <SelectField
            idPrefix="seats-"
            name="departureId"
            label="Departure"
            defaultValue={chosen}
            error={errors.departureId}
            options={open.map((date) => ({ value: date.id ?? "", label: `${date.name}: ${date.dates}${date.seats ? ` (${date.seats})` : ""}` }))}
          />
          <TextField
            idPrefix="seats-"
            name="name"
            label="Your name"
            autoComplete="name"
            required
            maxLength={LIMITS.nameMax}
            defaultValue={values.name}
            error={errors.name}
          />
          <div className={formStyles.pair}>
            <TextField
              idPrefix="seats-"
              name="phone"
              label="Phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              maxLength={LIMITS.phoneMax}
              defaultValue={values.phone}
              error={errors.phone}
            />
            <TextField
              idPrefix="seats-"
              name="email"
              label="E-mail (optional)"
              type="email"
              autoComplete="email"
              maxLength={LIMITS.emailMax}
              defaultValue={values.email}
              error={errors.email}
            />
          </div>
          <div className={formStyles.pair}>
            <TextField
              idPrefix="seats-"
              name="adults"
              label="Adults"
              type="number"
              inputMode="numeric"
              min={1}
              max={SEAT_REQUEST_TRAVELLERS_MAX}
              required
              defaultValue={values.adults ?? "2"}
              error={errors.adults}
            />
            <TextField
              idPrefix="seats-"
              name="children"
              label="Children"
              type="number"
              inputMode="numeric"
              min={0}
              max={SEAT_REQUEST_TRAVELLERS_MAX - 1}
              defaultValue={values.children ?? "0"}
              error={errors.children}
            />
          </div>
          <SelectField
            idPrefix="seats-"
            name="room"
            label="Room preference"
            defaultValue={values.room ?? "twin"}
            error={errors.room}
            options={ROOM_PREFERENCES.map((room) => ({ value: room, label: ROOM_LABELS[room] }))}
          />
          <TextAreaField
            idPrefix="seats-"
            name="message"
            label="Message (optional)"
            rows={3}
            maxLength={LIMITS.messageMax}
            defaultValue={values.message}
            error={errors.message}
          />
          <HoneypotField />
          <button type="submit" className="btn btn-primary" disabled={status.kind === "sending"}>
            {status.kind === "sending" ? "Sending..." : "Send seat request"}
          </button>
        </div>
        <p role="status" className={status.kind === "sent" ? formStyles.sent : "visually-hidden"}>
          {status.kind === "sent" ? status.message : ""}
        </p>
        <p role="alert" className={status.kind === "failed" ? formStyles.failed : "visually-hidden"}>
          {status.kind === "failed" ? status.message : ""}
        </p>
      </form>
    </section>
  );
}
