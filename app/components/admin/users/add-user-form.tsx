import { useState } from "react";
import { Form, useLocation } from "react-router";
import { TextField } from "~/components/ui/form-field";
import { adminUi } from "../admin-page";
import { NewPasswordField } from "../password/new-password-field";
import { ROLE_OPTIONS, SelectField } from "../select-field";
import { useFocusFirstError } from "../use-focus-first-error";

type AddUserState = { errors: Record<string, string>; values: Record<string, string> };

/**
 * Add a user with an initial password; with SMTP configured, 'Send invite'
 * instead e-mails them a link to choose their own (the password is then ignored).
 */
export function AddUserForm({ state, mailEnabled, passwordRules }: { state?: AddUserState; mailEnabled: boolean; passwordRules: string }) {
  const errors = state?.errors ?? {};
  const formRef = useFocusFirstError(state?.errors);
  const values = state?.values ?? {};
  // The meter judges the password against the name and e-mail as typed, as the server will (issue 49).
  const { key } = useLocation();
  const formKey = `${key}|${JSON.stringify(values)}`;
  const [typed, setTyped] = useState({ formKey, name: values.name ?? "", email: values.email ?? "" });
  // A new form (after a post) starts from its own values, not what the last one had.
  const owner = typed.formKey === formKey ? typed : { formKey, name: values.name ?? "", email: values.email ?? "" };
  /** The name and e-mail fields: required, kept after an error, and followed by the meter as typed. */
  const ownerField = (field: "name" | "email") => ({
    idPrefix: "add-",
    name: field,
    autoComplete: "off",
    required: true,
    defaultValue: values[field],
    error: errors[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setTyped({ ...owner, [field]: event.target.value }),
  });
  // Every navigation (a refused post or the redirect after success) remounts
  // the fields: empty after success, what was typed after an error.
  return (
    <Form ref={formRef} method="post" noValidate key={formKey} aria-describedby={errors.form ? "add-form-error" : undefined}>
      {errors.form ? (
        <p id="add-form-error" className={adminUi.formError} role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className={adminUi.formGrid}>
        <TextField {...ownerField("name")} label="Name" maxLength={100} />
        <TextField {...ownerField("email")} label="E-mail" type="email" maxLength={254} />
        <SelectField idPrefix="add-" name="role" label="Role" options={ROLE_OPTIONS} defaultValue={values.role || "editor"} error={errors.role} />
        <NewPasswordField name="password" label="Initial password" hint={passwordRules} error={errors.password} owner={owner} />
      </div>
      <div className={adminUi.formActions}>
        <button type="submit" name="intent" value="create" className={`${adminUi.button} ${adminUi.primary}`}>
          Add user
        </button>
        {mailEnabled ? (
          <button type="submit" name="intent" value="invite" className={adminUi.button}>
            Send invite
          </button>
        ) : null}
        <span className={adminUi.muted}>
          {mailEnabled
            ? "Add user uses the password above; Send invite e-mails a link to choose one."
            : "Give them the password in person; they can change it on their account page."}
        </span>
      </div>
    </Form>
  );
}
