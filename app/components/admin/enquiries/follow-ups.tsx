import type { DueRow } from "~/server/enquiry/follow-up.server";
import { Form, Link, useLocation } from "react-router";
import { TextField } from "~/components/ui/form-field";
import { enquiryName } from "~/lib/enquiry-format";
import { dueBucket, FOLLOW_UP_PRESETS, FOLLOW_UP_REASON_MAX, formatFollowUp, indianDate, presetLabels, type DueBucket } from "~/lib/follow-up";
import { adminUi, Panel } from "../admin-page";
import { useFocusFirstError } from "../use-focus-first-error";
import { StatusBadge } from "./enquiry-bits";
import inboxStyles from "./enquiries.module.css";
import styles from "./follow-ups.module.css";

/** Call-back dates (issue 23, ADR 045): the enquiry page's panel, the Due lists and the inbox's views. */

type ActionData = { intent: string; errors: Record<string, string[] | null>; values: Record<string, string> } | undefined;

type FollowUpView = { dueAt: string; reason: string | null; setByName: string };

const firstErrors = (actionData: ActionData) =>
  actionData?.intent === "follow-up"
    ? Object.fromEntries(Object.entries(actionData.errors).flatMap(([name, list]) => (list?.[0] ? [[name, list[0]]] : [])))
    : undefined;

/** "Call back on …": one tap for Today 5 pm, Tomorrow, In 3 days; Pick… for any date and time (Indian time); Clear. */
export function CallBackPanel({ followUp, now, actionData }: { followUp: FollowUpView | null; now: string; actionData?: ActionData }) {
  const { key } = useLocation();
  const errors = firstErrors(actionData);
  const formRef = useFocusFirstError(errors);
  const labels = presetLabels(new Date(now));
  const values = errors ? actionData?.values : undefined;
  const pickError = Boolean(errors?.date || errors?.time);
  const today = indianDate(new Date(now));
  const tomorrow = indianDate(new Date(new Date(now).getTime() + 86_400_000));
  const overdue = followUp ? dueBucket(followUp.dueAt, new Date(now)) === "overdue" : false;
  return (
    <Panel title="Call back" id="call-back">
      {followUp ? (
        <p className={styles.current}>
          <span className={`${styles.currentWhen} ${overdue ? styles.overdue : ""}`}>
            {overdue ? "Overdue: " : "Call back "}
            <time dateTime={followUp.dueAt}>{formatFollowUp(followUp.dueAt, now)}</time>
          </span>
          {followUp.reason ? <> · {followUp.reason}</> : null}
          <span className={adminUi.muted}> (set by {followUp.setByName})</span>
        </p>
      ) : (
        <p className={`${styles.current} ${adminUi.muted}`}>No call-back date. Set one and it shows in the Due list on that day.</p>
      )}
      <Form ref={formRef} method="post" className={styles.form} key={`follow-up-${key}`} noValidate>
        <input type="hidden" name="intent" value="follow-up" />
        <TextField
          idPrefix="follow-up-"
          name="reason"
          label="Reason (optional)"
          maxLength={FOLLOW_UP_REASON_MAX}
          defaultValue={values?.reason ?? ""}
          error={errors?.reason}
          autoComplete="off"
        />
        <div className={styles.presets} role="group" aria-label={followUp ? "Move the call back to" : "Call back"}>
          {FOLLOW_UP_PRESETS.map((preset) => (
            <button key={preset} type="submit" name="when" value={preset} className={`${adminUi.button} ${preset === "tomorrow" ? adminUi.primary : ""}`}>
              {labels[preset]}
            </button>
          ))}
        </div>
        <details className={styles.pick} open={pickError || undefined}>
          <summary>Pick a date and time…</summary>
          <div className={styles.pickFields}>
            <TextField idPrefix="follow-up-" name="date" label="Date" type="date" min={today} defaultValue={values?.date ?? tomorrow} error={errors?.date} />
            <TextField
              idPrefix="follow-up-"
              name="time"
              label="Time (India)"
              type="time"
              step={300}
              defaultValue={values?.time ?? "10:00"}
              error={errors?.time}
            />
          </div>
          <button type="submit" name="when" value="pick" className={`${adminUi.button} ${styles.pickButton}`}>
            Set call back
          </button>
        </details>
      </Form>
      {followUp ? (
        <Form method="post" className={styles.clear}>
          <input type="hidden" name="intent" value="follow-up" />
          <button type="submit" name="when" value="clear" className={adminUi.button}>
            Clear call-back date
          </button>
        </Form>
      ) : null}
    </Panel>
  );
}

/** A due call back as the page gets it: the server's row, its time as an ISO string, without the assignee's id. */
export type DueItem = Omit<DueRow, "assignedTo" | "dueAt"> & { dueAt: string };

/** One list of due call backs: who, why, when (Indian time), with a link to the enquiry. */
export function DueList({ items, now, empty }: { items: DueItem[]; now: string; empty: string }) {
  if (items.length === 0) return <p className={adminUi.muted}>{empty}</p>;
  return (
    <ul className={styles.list}>
      {items.map((item) => {
        const bucket = dueBucket(item.dueAt, new Date(now));
        return (
          <li key={item.key} className={styles.item}>
            <div>
              <Link to={`/admin/enquiries/${item.key}`} className={inboxStyles.nameLink}>
                {enquiryName(item)}
              </Link>
              <div className={styles.itemMeta}>
                {item.phone} · <StatusBadge status={item.status} />
                {item.assigneeName ? ` · ${item.assigneeName}` : " · Nobody assigned"}
                {item.reason ? ` · ${item.reason}` : ""}
              </div>
            </div>
            <time dateTime={item.dueAt} className={`${styles.due} ${bucket === "overdue" ? styles.overdue : ""}`}>
              {bucket === "overdue" ? "Overdue: " : ""}
              {formatFollowUp(item.dueAt, now)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}

export const BUCKET_TITLES: Record<DueBucket, string> = { overdue: "Overdue", today: "Today", upcoming: "Upcoming" };

/** The inbox's two views: every enquiry, and the call backs that are due. */
export function InboxViews({ current, due }: { current: "all" | "due"; due: number }) {
  return (
    <nav aria-label="Inbox views">
      <ul className={styles.views}>
        <li>
          <Link to="/admin/enquiries" className={styles.view} aria-current={current === "all" ? "page" : undefined}>
            All enquiries
          </Link>
        </li>
        <li>
          <Link to="/admin/enquiries/due" className={styles.view} aria-current={current === "due" ? "page" : undefined}>
            Due{due > 0 ? ` (${due} today)` : ""}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
