import { Form } from "react-router";
import { adminUi, Panel } from "../admin-page";

/** The admin's setting: every staff account must use two-step sign-in (ADR 033). A plain form. */
export function TwoStepRequirement({ required, withoutIt }: { required: boolean; withoutIt: number }) {
  return (
    <Panel title="Two-step sign-in" id="two-step">
      <p className={adminUi.muted}>
        With two-step sign-in, a stolen password alone does not open the back office: staff also enter a code from an authenticator app on their phone. Each
        person turns it on from their account page.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="require-two-factor" />
        <label className={adminUi.check}>
          <input type="checkbox" name="required" defaultChecked={required} /> Require two-step sign-in for every staff account
        </label>
        <p className={adminUi.muted}>
          {withoutIt === 0
            ? "Every active account has it on."
            : `${withoutIt} ${withoutIt === 1 ? "account does" : "accounts do"} not have it on yet${required ? ": they are asked to set it up before anything else" : ""}.`}
        </p>
        <div className={adminUi.formActions}>
          <button type="submit" className={`${adminUi.button} ${adminUi.primary}`}>
            Save
          </button>
        </div>
      </Form>
    </Panel>
  );
}
