import { RichText } from "~/components/site/blog/rich-text";
import { Form, useFetcher } from "react-router";
import { panHint, panLabel } from "~/lib/tcs-pan-hint";
import { detailLabel, type DetailField } from "~/lib/traveller-details";
import type { TripActionData } from "~/lib/trip-page";
import type { TripPageData } from "~/server/trip/trip-page.server";
import { DetailInput } from "./detail-input";
import styles from "./trip.module.css";

type Details = TripPageData["details"];

/** The notice and consent, then one form per traveller (issue 48, ADR 108). */
export function TravellerDetails({ details, actionData, readOnly }: { details: Details; actionData?: TripActionData; readOnly: boolean }) {
  const consent = useFetcher<TripActionData>({ key: "consent" });
  const sent = consent.data ?? actionData;
  const consentAnswer = sent?.intent === "consent" ? sent : undefined;
  const consentError = consentAnswer?.error ?? (sent?.intent === "failed" && consent.data ? sent.failed : undefined);
  const consented = details.consented || Boolean(consentAnswer?.ok);
  const locked = readOnly || !details.open || !consented;
  return (
    <section className={styles.card} aria-labelledby="details-title">
      <h2 id="details-title">Traveller details</h2>
      <RichText html={details.noticeHtml} className={styles.notice} />
      {!details.open ? <p className={styles.muted}>Details are taken here until the day before departure. To change them now, call us.</p> : null}
      {details.open && !consented && !readOnly ? (
        <consent.Form method="post" className={styles.consent}>
          <input type="hidden" name="intent" value="consent" />
          <label className={styles.check}>
            <input type="checkbox" name="agree" value="yes" required aria-describedby={consentError ? "consent-error" : undefined} />
            <span>I have read this notice and agree that these details are kept and used as it says.</span>
          </label>
          {consentError ? (
            <p id="consent-error" className={styles.error}>
              {consentError}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={consent.state !== "idle"}>
            Agree and fill in the details
          </button>
        </consent.Form>
      ) : null}
      {details.overseas && !details.sealing ? (
        <p className={styles.warning} role="note">
          Passport numbers and PANs cannot be taken online just now: please give them to our team by phone.
        </p>
      ) : null}
      {details.travellers.map((traveller, index) => {
        const answered = actionData?.intent === "details" && actionData.travellerId === traveller.id ? actionData.results : undefined;
        const input = (field: DetailField, extra: Partial<Parameters<typeof DetailInput>[0]> = {}) => (
          <DetailInput
            key={field}
            travellerId={traveller.id}
            field={field}
            stored={(traveller.values as Record<string, string>)[field] ?? ""}
            answered={answered?.[field]}
            disabled={locked || ((field === "passportNumber" || field === "pan") && !details.sealing)}
            {...extra}
          />
        );
        return (
          <Form method="post" key={traveller.id} className={styles.traveller} aria-labelledby={`traveller-${traveller.id}`}>
            <h3 id={`traveller-${traveller.id}`}>
              {traveller.name} <span className={styles.muted}>({traveller.kind})</span>
            </h3>
            <input type="hidden" name="intent" value="details" />
            <input type="hidden" name="travellerId" value={traveller.id} />
            {input("passportName", { label: detailLabel("passportName", details.overseas) })}
            {input("dateOfBirth", { type: "date" })}
            {details.overseas ? (
              <>
                {input("passportNumber", { masked: traveller.masked.passportNumber })}
                {input("passportIssuedOn", { type: "date" })}
                {input("passportExpiresOn", { type: "date", warning: traveller.expiryWarning })}
              </>
            ) : null}
            {/* What the PAN does, said honestly (ADR 108): the booking's TCS uses the lead's PAN once the team adds it to the billing details.
                A trip that asks no TCS has no use for it, so it is not asked (one given earlier stays shown, to be seen or cleared). */}
            {details.tcs || traveller.masked.pan
              ? input("pan", { masked: traveller.masked.pan, label: panLabel(details.tcs), hint: panHint(details.tcs, index === 0) })
              : null}
            {input("food", { hint: "Vegetarian, Jain, no onion or garlic, allergies…" })}
            {input("medical", { multiline: true })}
            {input("emergencyContact")}
            {locked ? null : (
              <button type="submit" className="btn btn-outline">
                Save {traveller.name}'s details
              </button>
            )}
          </Form>
        );
      })}
    </section>
  );
}
