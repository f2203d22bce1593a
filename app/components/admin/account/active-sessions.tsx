import { Form } from "react-router";
import { deviceName } from "~/lib/device-name";
import { formatDateTime } from "~/lib/admin-format";
import { adminUi, Panel } from "../admin-page";
import styles from "./account.module.css";

type ActiveSession = {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  signedInAt: string;
  lastUsedAt: string;
  endsAt: string;
  keepSignedIn: boolean;
  current: boolean;
};

/**
 * Where this account is signed in: each session's device, address and last
 * use, with "Sign out" on each other one and "Sign out everywhere else".
 * Plain forms: they work without JavaScript.
 */
export function ActiveSessions({ sessions }: { sessions: ActiveSession[] }) {
  const others = sessions.filter((session) => !session.current);
  return (
    <Panel title="Active sessions" id="sessions">
      <p className={adminUi.muted}>
        Where you are signed in now. A session ends 12 hours after signing in, or after 30 days with “Keep me signed in”. Sign out any you do not recognise,
        then change your password.
      </p>
      <ul className={styles.sessions}>
        {sessions.map((session) => (
          <li key={session.id} className={styles.session}>
            <div>
              <p className={styles.device}>
                {deviceName(session.userAgent)}
                {session.current ? <span className={`${adminUi.badge} ${adminUi.badgeOk}`}>This device</span> : null}
              </p>
              <p className={adminUi.muted}>
                {session.ipAddress ? `${session.ipAddress} · ` : ""}Last used {formatDateTime(session.lastUsedAt)} · Signed in{" "}
                {formatDateTime(session.signedInAt)}
                {session.keepSignedIn ? " · Kept signed in" : ""}
              </p>
              {session.userAgent ? <p className={styles.agent}>{session.userAgent}</p> : null}
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={session.id} />
                <button type="submit" className={`${adminUi.button} ${adminUi.small}`}>
                  Sign out
                  <span className="visually-hidden">
                    {" "}
                    {deviceName(session.userAgent)}, last used {formatDateTime(session.lastUsedAt)}
                  </span>
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Form method="post" className={adminUi.formActions}>
          <input type="hidden" name="intent" value="end-other-sessions" />
          <button type="submit" className={`${adminUi.button} ${adminUi.danger}`}>
            Sign out everywhere else
          </button>
        </Form>
      ) : (
        <p className={adminUi.muted}>You are not signed in anywhere else.</p>
      )}
    </Panel>
  );
}
