import { Form } from "react-router";
import { adminUi, Panel } from "../admin-page";

/** The daily digest e-mail (ADR 045): on unless its user turned it off. */
export function DigestPanel({ enabled }: { enabled: boolean }) {
  return (
    <Panel title="Daily e-mail" id="daily-email">
      <p>
        At 9:00 am (Indian time) you get an e-mail listing your call backs due that day or overdue, and the new enquiries assigned to you. Days with nothing to
        tell send nothing.
      </p>
      <p>
        <strong>{enabled ? "The daily e-mail is on." : "The daily e-mail is off."}</strong>
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="digest" />
        <button type="submit" name="digest" value={enabled ? "off" : "on"} className={adminUi.button}>
          {enabled ? "Turn the daily e-mail off" : "Turn the daily e-mail on"}
        </button>
      </Form>
    </Panel>
  );
}
