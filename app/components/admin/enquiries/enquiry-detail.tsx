import { Fragment } from "react";
import { Form, useLocation } from "react-router";
import { TextAreaField } from "~/components/ui/form-field";
import { telHref, whatsappHref } from "~/lib/contact-links";
import { enquiryReply, whatsappNumber } from "~/lib/enquiry-format";
import { ENQUIRY_STATUSES, STATUS_LABELS, type EnquiryStatus } from "~/lib/enquiry-status";
import { adminUi, Panel } from "../admin-page";
import { SelectField } from "../select-field";
import { useFocusFirstError } from "../use-focus-first-error";
import { Received } from "./enquiry-bits";
import styles from "./enquiries.module.css";

export type DetailActionData = { intent: string; errors: Record<string, string[] | null>; values: Record<string, string> };

function errorsOf(actionData: DetailActionData | undefined, intent: string): Record<string, string> | undefined {
  if (!actionData || actionData.intent !== intent) return undefined;
  return Object.fromEntries(Object.entries(actionData.errors).flatMap(([name, list]) => (list?.[0] ? [[name, list[0]]] : [])));
}

/** Everything the visitor sent, and ways to reach them. */
export function SentFields({
  fields,
  name,
  firstName,
  phone,
  email,
  packageTitle,
  createdAt,
  now,
}: {
  fields: { label: string; value: string }[];
  name: string;
  firstName: string;
  phone: string;
  email: string | null;
  packageTitle: string | null;
  createdAt: string;
  now: string;
}) {
  return (
    <Panel title="What they sent" id="sent">
      <dl className={styles.fields}>
        <dt>Received</dt>
        <dd>
          <Received at={createdAt} now={now} />
        </dd>
        {fields.map((field) => (
          <Fragment key={field.label}>
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </Fragment>
        ))}
      </dl>
      <div className={styles.reach}>
        <a className={`${adminUi.button} ${adminUi.primary}`} href={whatsappHref(whatsappNumber(phone), enquiryReply(firstName, packageTitle))} target="_blank" rel="noopener noreferrer">
          Reply on WhatsApp<span className="visually-hidden"> to {name} (opens in a new tab)</span>
        </a>
        <a className={adminUi.button} href={telHref(phone)}>
          Call {phone}
        </a>
        {email ? (
          <a className={adminUi.button} href={`mailto:${email}`}>
            E-mail {email}
          </a>
        ) : null}
      </div>
    </Panel>
  );
}

/** Status and assignment: two small forms that post and come back with a notice. */
export function FollowUp({
  status,
  assignedTo,
  staff,
  actionData,
}: {
  status: EnquiryStatus;
  assignedTo: string | null;
  staff: { id: string; name: string }[];
  actionData?: DetailActionData;
}) {
  const { key } = useLocation();
  const statusErrors = errorsOf(actionData, "status");
  const assignErrors = errorsOf(actionData, "assign");
  const statusRef = useFocusFirstError(statusErrors);
  const assignRef = useFocusFirstError(assignErrors);
  return (
    <Panel title="Follow-up" id="follow-up">
      <Form ref={statusRef} method="post" className={styles.inlineForm} key={`status-${key}`}>
        <input type="hidden" name="intent" value="status" />
        <div className={styles.row}>
          <SelectField
            idPrefix="enquiry-"
            name="status"
            label="Status"
            defaultValue={status}
            error={statusErrors?.status}
            options={ENQUIRY_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          />
          <button type="submit" className={`${adminUi.button} ${adminUi.primary}`}>
            Save status
          </button>
        </div>
      </Form>
      <Form ref={assignRef} method="post" className={styles.inlineForm} key={`assign-${key}`}>
        <input type="hidden" name="intent" value="assign" />
        <div className={styles.row}>
          <SelectField
            idPrefix="enquiry-"
            name="assignee"
            label="Assigned to"
            defaultValue={assignedTo ?? ""}
            error={assignErrors?.assignee}
            options={[{ value: "", label: "Nobody" }, ...staff.map((member) => ({ value: member.id, label: member.name }))]}
          />
          <button type="submit" className={adminUi.button}>
            Save assignment
          </button>
        </div>
      </Form>
    </Panel>
  );
}

export type NoteView = { id: number; body: string; authorName: string; createdAt: string };

/** The team's notes, oldest first, and a form to add one. */
export function NotesPanel({ notes, now, actionData, max }: { notes: NoteView[]; now: string; actionData?: DetailActionData; max: number }) {
  const { key } = useLocation();
  const errors = errorsOf(actionData, "note");
  const formRef = useFocusFirstError(errors);
  return (
    <Panel title="Notes" id="notes">
      {notes.length === 0 ? (
        <p className={adminUi.muted}>No notes yet.</p>
      ) : (
        <ol className={styles.notes}>
          {notes.map((note) => (
            <li key={note.id} className={styles.note}>
              <p>{note.body}</p>
              <div className={styles.byline}>
                {note.authorName}, <Received at={note.createdAt} now={now} />
              </div>
            </li>
          ))}
        </ol>
      )}
      <Form ref={formRef} method="post" className={styles.inlineForm} key={`note-${key}`} noValidate>
        <input type="hidden" name="intent" value="note" />
        <TextAreaField
          idPrefix="enquiry-"
          name="note"
          label="Add a note"
          rows={3}
          maxLength={max}
          required
          defaultValue={errors ? actionData?.values.note : undefined}
          error={errors?.note}
        />
        <div>
          <button type="submit" className={adminUi.button}>
            Add note
          </button>
        </div>
      </Form>
    </Panel>
  );
}

export type HistoryView = { id: number; at: string; who: string; text: string };

/** Status changes, assignments and notes, from the activity log. */
export function HistoryPanel({ history, now }: { history: HistoryView[]; now: string }) {
  return (
    <Panel title="History" id="history">
      {history.length === 0 ? (
        <p className={adminUi.muted}>Nothing has changed since it came in.</p>
      ) : (
        <ol className={styles.history}>
          {history.map((entry) => (
            <li key={entry.id}>
              <span>
                {entry.text} <span className={adminUi.muted}>by {entry.who}</span>
              </span>
              <span className={styles.byline}>
                <Received at={entry.at} now={now} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
