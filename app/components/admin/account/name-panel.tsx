import { Form, useLocation } from "react-router";
import { TextField } from "~/components/ui/form-field";
import { adminUi, Panel } from "../admin-page";

export type NameFormState = { error: string; value: string };

/**
 * "Your name" on the account page (issue 49): replies to customers and notes
 * are signed with it. The first admin, made as "Administrator", is sent here
 * first and asked for it.
 */
export function NamePanel({ name, brand, asked, state }: { name: string; brand: string; asked: boolean; state?: NameFormState }) {
  // A new form after each save, so the field shows the stored name.
  const { key } = useLocation();
  return (
    <Panel title="Your name" id="your-name">
      <p className={asked ? adminUi.formError : adminUi.muted}>
        {asked
          ? `Welcome! What is your name? Replies to customers say “this is ${name} from ${brand}” until you give it.`
          : `Replies to customers say “this is ${name} from ${brand}”, and your notes are signed with it.`}
      </p>
      <Form method="post" noValidate key={key}>
        <input type="hidden" name="intent" value="change-name" />
        <div className={adminUi.formGrid}>
          <TextField
            idPrefix="own-"
            name="name"
            label="Your name"
            autoComplete="name"
            required
            maxLength={100}
            defaultValue={state?.value ?? (asked ? "" : name)}
            error={state?.error}
            // Asked first: the one thing on the page to do.
            autoFocus={asked}
          />
        </div>
        <div className={adminUi.formActions}>
          <button type="submit" className={`${adminUi.button} ${adminUi.primary}`}>
            Save name
          </button>
        </div>
      </Form>
    </Panel>
  );
}
