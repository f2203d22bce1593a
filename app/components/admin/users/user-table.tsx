import { Form, useLocation } from "react-router";
import { TextField } from "~/components/ui/form-field";
import { formatDateTime } from "~/lib/admin-format";
import { adminUi, TableScroller } from "../admin-page";
import { ConfirmAction } from "../confirm-dialog";
import styles from "./user-table.module.css";

type UserRowData = {
  id: string;
  name: string;
  email: string;
  role: "admin" | "editor";
  active: boolean;
  lastSignInAt: Date | string | null;
  /** Two-step sign-in is on (ADR 033). */
  twoFactor: boolean;
};

function Hidden({ intent, userId }: { intent: string; userId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={userId} />
    </>
  );
}

/** The staff list with each row's actions (plain forms; deactivation asks first). */
export function UserTable({ users, viewerId, mailEnabled }: { users: UserRowData[]; viewerId: string; mailEnabled: boolean }) {
  // Rows remount after every navigation (an action's redirect included), so a
  // refused role change shows the stored role again, not the one picked.
  const { key } = useLocation();
  return (
    <TableScroller label="Staff list">
      <table className={`${adminUi.table} ${adminUi.stack} ${styles.table}`}>
        <caption className="visually-hidden">Staff who can sign in to the back office</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Two-step</th>
            <th scope="col">Last sign-in</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody key={key}>
          {users.map((user) => {
            const isViewer = user.id === viewerId;
            return (
              <tr key={user.id}>
                <th scope="row" data-label="Name">
                  {user.name}
                  {isViewer ? <span className={styles.you}> (you)</span> : null}
                </th>
                <td data-label="E-mail" className={styles.email}>
                  {user.email}
                </td>
                <td data-label="Role">
                  <Form method="post" className={styles.roleForm}>
                    <Hidden intent="role" userId={user.id} />
                    <label htmlFor={`role-${user.id}`} className="visually-hidden">
                      Role of {user.name}
                    </label>
                    <select id={`role-${user.id}`} name="role" defaultValue={user.role} className={styles.roleSelect}>
                      <option value="editor">Editor</option>
                      <option value="admin">Admin</option>
                    </select>
                    <button type="submit" className={`${adminUi.button} ${adminUi.small}`} aria-label={`Save role of ${user.name}`}>
                      Save
                    </button>
                  </Form>
                </td>
                <td data-label="Status">
                  <span className={`${adminUi.badge} ${user.active ? adminUi.badgeOk : adminUi.badgeOff}`}>{user.active ? "Active" : "Deactivated"}</span>
                </td>
                <td data-label="Two-step">
                  <span className={`${adminUi.badge} ${user.twoFactor ? adminUi.badgeOk : adminUi.badgeOff}`}>{user.twoFactor ? "On" : "Off"}</span>
                </td>
                <td data-label="Last sign-in" className={styles.when}>
                  {user.lastSignInAt ? formatDateTime(user.lastSignInAt) : <span className={adminUi.muted}>Never</span>}
                </td>
                <td data-label="Actions">
                  <div className={styles.actions}>
                    <ConfirmAction
                      small
                      triggerLabel="Change name"
                      triggerAriaLabel={`Change the name of ${user.name}`}
                      title={`Change ${user.name}'s name`}
                      description={<p>Replies to customers and notes are signed with it.</p>}
                      confirmLabel="Save name"
                    >
                      <Hidden intent="rename" userId={user.id} />
                      <TextField idPrefix={`rename-${user.id}-`} name="name" label="Name" defaultValue={user.name} required maxLength={100} />
                    </ConfirmAction>
                    {user.active ? (
                      <Form method="post">
                        <Hidden intent="reset-link" userId={user.id} />
                        <button
                          type="submit"
                          className={`${adminUi.button} ${adminUi.small}`}
                          aria-label={`${mailEnabled ? "E-mail a password reset link to" : "Create a password reset link for"} ${user.name}`}
                        >
                          Reset password
                        </button>
                      </Form>
                    ) : null}
                    {user.twoFactor && !isViewer ? (
                      <ConfirmAction
                        small
                        triggerLabel="Reset two-step"
                        triggerAriaLabel={`Reset two-step sign-in of ${user.name}`}
                        title={`Reset ${user.name}'s two-step sign-in?`}
                        description={
                          <p>
                            For a lost or replaced phone. {user.name} is signed out everywhere, signs in next with the password alone, and is e-mailed about it.
                            If two-step sign-in is required, they set it up again at once.
                          </p>
                        }
                        confirmLabel="Reset two-step"
                        tone="danger"
                      >
                        <Hidden intent="reset-two-factor" userId={user.id} />
                      </ConfirmAction>
                    ) : null}
                    {isViewer ? null : user.active ? (
                      <ConfirmAction
                        small
                        triggerLabel="Deactivate"
                        triggerAriaLabel={`Deactivate ${user.name}`}
                        title={`Deactivate ${user.name}?`}
                        description={
                          <p>
                            {user.name} ({user.email}) is signed out at once and can no longer sign in. You can reactivate them later.
                          </p>
                        }
                        confirmLabel="Deactivate"
                        tone="danger"
                      >
                        <Hidden intent="deactivate" userId={user.id} />
                      </ConfirmAction>
                    ) : (
                      <Form method="post">
                        <Hidden intent="reactivate" userId={user.id} />
                        <button type="submit" className={`${adminUi.button} ${adminUi.small}`} aria-label={`Reactivate ${user.name}`}>
                          Reactivate
                        </button>
                      </Form>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroller>
  );
}
