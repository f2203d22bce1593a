import { Fragment, useEffect, useRef, useState } from "react";
import { Form, useLocation } from "react-router";
import { DraftOffer } from "../draft-offer";
import { useFormDraft } from "../use-form-draft";
import { TextAreaField } from "~/components/ui/form-field";
import { telHref, whatsappHref } from "~/lib/contact-links";
import { enquiryReply, whatsappNumber } from "~/lib/enquiry-format";
import { ENQUIRY_STATUSES, STATUS_LABELS, type EnquiryStatus } from "~/lib/enquiry-status";
import { adminUi, Panel } from "../admin-page";
import { SelectField } from "../select-field";
import { useFocusFirstError } from "../use-focus-first-error";
import { Received } from "./enquiry-bits";
import styles from "./enquiries.module.css";

type DetailActionData = { intent: string; errors: Record<string, string[] | null>; values: Record<string, string> };

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
  replies,
}: {
  fields: { label: string; value: string }[];
  name: string;
  firstName: string;
  phone: string;
  email: string | null;
  packageTitle: string | null;
  createdAt: string;
  now: string;
  /** The reply templates' controls (ADR 046); without them, a plain WhatsApp reply and e-mail link. */
  replies?: React.ReactNode;
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
      {replies}
      <div className={styles.reach}>
        {replies ? null : (
          <a
            className={`${adminUi.button} ${adminUi.primary}`}
            href={whatsappHref(whatsappNumber(phone), enquiryReply(firstName, packageTitle))}
            target="_blank"
            rel="noopener noreferrer"
          >
            Reply on WhatsApp<span className="visually-hidden"> to {name} (opens in a new tab)</span>
          </a>
        )}
        <a className={adminUi.button} href={telHref(phone)}>
          Call {phone}
        </a>
        {email && !replies ? (
          <a className={adminUi.button} href={`mailto:${email}`}>
            E-mail {email}
          </a>
        ) : null}
      </div>
    </Panel>
  );
}

/** One select and its save button: a small form that posts its intent and comes back with a notice or the select's error. */
function SelectForm({
  intent,
  name,
  label,
  defaultValue,
  options,
  submitLabel,
  primary = false,
  autoSave = false,
  actionData,
}: {
  intent: string;
  name: string;
  label: string;
  defaultValue: string;
  options: { value: string; label: string }[];
  submitLabel: string;
  primary?: boolean;
  /** Saves on change, without a button once the page is hydrated (issue 23); the button stays for a page without JavaScript. */
  autoSave?: boolean;
  actionData?: DetailActionData;
}) {
  const { key } = useLocation();
  const errors = errorsOf(actionData, intent);
  const formRef = useFocusFirstError(errors);
  const hydrated = useHydrated();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const submitNow = () => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
    const form = formRef.current;
    refocusAfterSave = form && form.contains(document.activeElement) ? intent : null;
    form?.requestSubmit();
  };
  // Arrow keys change a closed select once per press: the save waits for them to settle (or for focus to leave).
  const onChange = autoSave
    ? () => {
        if (pending.current) clearTimeout(pending.current);
        pending.current = setTimeout(submitNow, AUTO_SAVE_DELAY_MS);
      }
    : undefined;
  const onBlur = autoSave ? () => (pending.current ? submitNow() : undefined) : undefined;
  // The form is new after its save (its key): focus goes back to the select that saved it.
  const formKey = `${intent}-${key}-${defaultValue}`;
  useEffect(() => {
    if (refocusAfterSave !== intent) return;
    refocusAfterSave = null;
    formRef.current?.querySelector<HTMLSelectElement>("select")?.focus({ preventScroll: true });
  }, [intent, formRef, formKey]);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
  const button = (
    <button type="submit" className={primary ? `${adminUi.button} ${adminUi.primary}` : adminUi.button}>
      {submitLabel}
    </button>
  );
  return (
    <Form ref={formRef} method="post" className={styles.inlineForm} key={formKey}>
      <input type="hidden" name="intent" value={intent} />
      <div className={styles.row}>
        <SelectField
          idPrefix="enquiry-"
          name={name}
          label={label}
          defaultValue={defaultValue}
          error={errors?.[name]}
          options={options}
          onChange={onChange}
          onBlur={onBlur}
        />
        {autoSave && hydrated ? null : button}
      </div>
    </Form>
  );
}

const AUTO_SAVE_DELAY_MS = 600;
/** The select whose change just saved (its form remounts with the new location). */
let refocusAfterSave: string | null = null;

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
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
  return (
    <Panel title="Follow-up" id="follow-up">
      <SelectForm
        intent="status"
        name="status"
        label="Status"
        defaultValue={status}
        options={ENQUIRY_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        submitLabel="Save status"
        primary
        autoSave
        actionData={actionData}
      />
      <SelectForm
        intent="assign"
        name="assignee"
        label="Assigned to"
        defaultValue={assignedTo ?? ""}
        options={[{ value: "", label: "Nobody" }, ...staff.map((member) => ({ value: member.id, label: member.name }))]}
        submitLabel="Save assignment"
        actionData={actionData}
      />
    </Panel>
  );
}

type NoteView = { id: number; body: string; authorName: string; createdAt: string };

/** The team's notes, oldest first, and a form to add one. */
export function NotesPanel({
  enquiryKey,
  notes,
  now,
  actionData,
  max,
  typedNotes = notes.length,
}: {
  enquiryKey: string;
  notes: NoteView[];
  now: string;
  actionData?: DetailActionData;
  max: number;
  /** Notes added with this form (not a sent reply's): the form starts empty only when this changes. */
  typedNotes?: number;
}) {
  const errors = errorsOf(actionData, "note");
  const formRef = useFocusFirstError(errors);
  // The note being typed is kept when the status or assignment is saved, and in
  // this browser until it is added (ADR 040): its form starts empty only after a note was added.
  const draft = useFormDraft(formRef, { entity: `enquiry-note:${enquiryKey}`, savedMarker: typedNotes, skip: (name) => name === "intent" });
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
      {draft.offer ? <DraftOffer savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} /> : null}
      <Form ref={formRef} method="post" className={styles.inlineForm} key={`note-${typedNotes}`} noValidate>
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

type HistoryView = { id: number; at: string; who: string; text: string };

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
