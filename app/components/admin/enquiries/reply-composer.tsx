import { useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { enquiryReply } from "~/lib/enquiry-format";
import type { EnquiryStatus } from "~/lib/enquiry-status";
import { emailReplyHref, fillReply, replyValues, whatsappReplyHref, type ReplyChannel, type ReplyTemplate, type ReplyValues } from "~/lib/reply-text";
import type { ReplySentAnswer } from "~/lib/reply-templates";
import { saveFailure, type SaveFailure } from "~/lib/save-failure";
import { useShowNotice } from "../admin-notice";
import { adminUi } from "../admin-page";
import fieldStyles from "~/components/ui/form-field.module.css";
import styles from "./reply-composer.module.css";

/** The record's outcome: sending, or why it was not recorded (a failure to reach the server, or its refusal). */
type Recording = { state: "idle" } | { state: "sending" } | { state: "failed"; message: string };

/**
 * Posts the record to its resource route with a plain fetch: useFetcher would
 * put the router's fetcher hook into the chunk every public page loads.
 */
async function postReplySent(url: string, form: FormData): Promise<ReplySentAnswer | SaveFailure | { refused: string }> {
  const offline = () => navigator.onLine === false;
  if (offline()) return saveFailure("offline");
  try {
    const response = await fetch(url, { method: "POST", body: form, headers: { Accept: "application/json" }, credentials: "same-origin" });
    const answer: unknown = await response.json().catch(() => null);
    if (response.ok && answer && typeof answer === "object" && "message" in answer) return answer as ReplySentAnswer;
    if (response.status >= 400 && response.status < 500 && answer && typeof answer === "object" && "error" in answer) return { refused: String(answer.error) };
    return saveFailure("server");
  } catch {
    return saveFailure(offline() ? "offline" : "network");
  }
}

type ReplyEnquiry = {
  name: string;
  firstName: string;
  phone: string;
  email: string | null;
  packageTitle: string | null;
  preferredMonth: string | null;
  travellers: number | null;
  status: EnquiryStatus;
};

/**
 * "Reply on WhatsApp" and "Reply by e-mail" (issue 23, ADR 046): each opens
 * the channel's templates filled in for this enquiry, the text to adjust, and
 * the send link (wa.me, or mailto: for the agent's own mail app). Tapping
 * the link opens it at once and, beside it, records the note on the server.
 */
export function ReplyComposers({ enquiry, templates, agent }: { enquiry: ReplyEnquiry; templates: ReplyTemplate[]; agent: string }) {
  const values = replyValues(enquiry, agent);
  return (
    <div className={styles.replies}>
      <Composer channel="whatsapp" enquiry={enquiry} values={values} templates={templates.filter((template) => template.channel === "whatsapp")} />
      {enquiry.email ? (
        <Composer channel="email" enquiry={enquiry} values={values} templates={templates.filter((template) => template.channel === "email")} />
      ) : null}
    </div>
  );
}

const SUMMARY: Record<ReplyChannel, string> = { whatsapp: "Reply on WhatsApp", email: "Reply by e-mail" };
const SEND: Record<ReplyChannel, string> = { whatsapp: "Send on WhatsApp", email: "Open in my mail app" };

function Composer({ channel, enquiry, values, templates }: { channel: ReplyChannel; enquiry: ReplyEnquiry; values: ReplyValues; templates: ReplyTemplate[] }) {
  const id = useId();
  const [chosen, setChosen] = useState<ReplyTemplate | null>(templates[0] ?? null);
  const textOf = (template: ReplyTemplate | null) =>
    template
      ? fillReply(template.body, values)
      : channel === "whatsapp"
        ? enquiryReply(enquiry.firstName, enquiry.packageTitle)
        : `Dear ${values.name},\n\n\n\n${values.agent}`;
  const [message, setMessage] = useState(() => textOf(chosen));
  const [subject, setSubject] = useState(() => (chosen ? fillReply(chosen.subject, values) : "Your enquiry with Pravas"));
  const [markContacted, setMarkContacted] = useState(true);
  const [recording, setRecording] = useState<Recording>({ state: "idle" });
  const sent = useRef<FormData | null>(null);
  const showNotice = useShowNotice();
  const navigate = useNavigate();
  const location = useLocation();

  const choose = (template: ReplyTemplate) => {
    setChosen(template);
    setMessage(textOf(template));
    setSubject(fillReply(template.subject, values));
  };
  const href = channel === "whatsapp" ? whatsappReplyHref(enquiry.phone, message) : emailReplyHref(enquiry.email ?? "", subject, message);
  const isNew = enquiry.status === "new";

  const post = async (form: FormData) => {
    setRecording({ state: "sending" });
    const answer = await postReplySent(`${location.pathname.replace(/\/$/, "")}/reply-sent`, form);
    if ("message" in answer) {
      setRecording({ state: "idle" });
      // The same address again: its loaders run, so the new note and status show; the page stays as it is.
      await navigate(location.pathname + location.search, { replace: true, preventScrollReset: true });
      showNotice({ kind: "success", message: answer.message });
    } else {
      const reason = "refused" in answer ? answer.refused : answer.saveFailure.message.replace(/^Something went wrong! /, "");
      setRecording({ state: "failed", message: reason });
    }
  };
  // Not awaited and no preventDefault: the link opens whatever the server does; the note follows.
  const record = () => {
    const form = new FormData();
    form.set("channel", channel);
    if (chosen) form.set("template", chosen.name);
    if (isNew && markContacted) form.set("markContacted", "on");
    sent.current = form;
    void post(form);
  };
  const retry = () => {
    if (sent.current) void post(sent.current);
  };

  return (
    <details className={styles.reply}>
      <summary className={channel === "whatsapp" ? `${adminUi.button} ${adminUi.primary}` : adminUi.button}>
        {SUMMARY[channel]}
        <span className="visually-hidden"> to {enquiry.name}</span>
      </summary>
      <div className={styles.body}>
        {templates.length > 0 ? (
          <fieldset className={styles.choices}>
            <legend>Template</legend>
            {templates.map((template) => (
              <label key={template.id} className={styles.choice}>
                <input type="radio" name={`${id}-template`} value={template.name} checked={chosen?.id === template.id} onChange={() => choose(template)} />
                {template.name}
              </label>
            ))}
          </fieldset>
        ) : null}
        {channel === "email" ? (
          <div className={fieldStyles.field}>
            <label htmlFor={`${id}-subject`} className={fieldStyles.label}>
              Subject
            </label>
            <input id={`${id}-subject`} className={fieldStyles.control} value={subject} onChange={(event) => setSubject(event.currentTarget.value)} />
          </div>
        ) : null}
        <div className={fieldStyles.field}>
          <label htmlFor={`${id}-message`} className={fieldStyles.label}>
            Message
          </label>
          <textarea
            id={`${id}-message`}
            className={fieldStyles.control}
            rows={channel === "email" ? 11 : 5}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
        </div>
        {isNew ? (
          <label className={styles.check}>
            <input type="checkbox" checked={markContacted} onChange={(event) => setMarkContacted(event.currentTarget.checked)} />
            Mark as Contacted when sent
          </label>
        ) : null}
        <div className={styles.send}>
          <a
            className={`${adminUi.button} ${adminUi.primary}`}
            href={href}
            onClick={record}
            {...(channel === "whatsapp" ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          >
            {SEND[channel]}
            <span className="visually-hidden">{channel === "whatsapp" ? ` to ${enquiry.name} (opens in a new tab)` : ` to ${enquiry.name}`}</span>
          </a>
          <p className={styles.sending} role="status">
            {recording.state === "sending" ? "Noting the reply…" : ""}
          </p>
        </div>
        {recording.state === "failed" ? (
          <div className={styles.failed} role="alert">
            <p>The reply opened, but the note was not recorded. {recording.message}</p>
            <button type="button" className={adminUi.button} onClick={retry}>
              Retry
            </button>
          </div>
        ) : null}
      </div>
    </details>
  );
}
