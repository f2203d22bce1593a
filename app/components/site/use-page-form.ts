import { useForm } from "@conform-to/react";
import { startTransition, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { PageFormResult } from "~/lib/page-form";
import { rememberSubmitted } from "./layout/lead-popup-timing";

/**
 * A public page form (ADR 068): posted with a fetcher to its page's route
 * action, which validates with the input's Zod schema; Conform shows the
 * result (inline errors, focus on the first bad field, what was typed, a reset
 * once sent). The fields stay uncontrolled, so text typed before the scripts
 * ran is kept and sent. Until then, and without JavaScript, the same form is a
 * plain POST to the same action.
 *
 * `initial` is the action's answer to a post without JavaScript (the route's
 * actionData); `onSent` runs after each send with the fetcher is stored.
 */
export function usePageForm({ id, initial, onSent }: { id: string; initial?: PageFormResult; onSent?: () => void }) {
  const fetcher = useFetcher<PageFormResult>({ key: id });
  const answer = fetcher.data ?? initial;
  const [form, fields] = useForm<Record<string, string>>({ id, lastResult: answer?.result, shouldValidate: "onSubmit" });
  const [enhanced, setEnhanced] = useState(false);
  // In a transition: rendered in slices after hydration, not in one task with it (ADR 078).
  useEffect(() => startTransition(() => setEnhanced(true)), []);
  const sending = fetcher.state !== "idle";
  /** Field errors from the last answer, first message each. */
  const error = (name: string) => (sending ? undefined : fields[name]?.errors?.[0]);
  /** What the visitor typed, when the form came back from a post. */
  const value = (name: string) => fields[name]?.initialValue as string | undefined;
  const sentNoticeRef = useRef<HTMLParagraphElement>(null);
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;
  // A form whose fields give way to its thank-you moves focus there, which
  // also scrolls it into view: on a phone it would be left above the screen.
  // Any enquiry sent from this browser counts as the lead popup's "submitted":
  // a visitor who has just written to us is not asked again (issue 49).
  const sentNow = Boolean(answer?.sent);
  useEffect(() => {
    if (sentNow) rememberSubmitted();
  }, [sentNow]);
  useEffect(() => {
    if (!fetcher.data?.sent) return;
    onSentRef.current?.();
    requestAnimationFrame(() => sentNoticeRef.current?.focus());
  }, [fetcher.data]);
  return {
    fetcher,
    /** The answer shown: the fetcher's last, else the post without JavaScript's. */
    answer,
    form,
    fields,
    sending,
    /** The last answer's notice: hidden while a new post is on its way. */
    sent: sending ? undefined : answer?.sent,
    failed: sending ? undefined : answer?.failed,
    error,
    value,
    /** Remounts a field when the form is reset after a successful send. */
    key: (name: string) => fields[name]?.key,
    /**
     * A field's name, what was typed (else `fallback`) and its first error, to
     * spread into a field component; its `key` goes beside (React takes no spread key).
     */
    field: (name: string, fallback?: string) => ({ name, defaultValue: value(name) ?? fallback, error: error(name) }),
    enhanced,
    /** The thank-you (with `tabIndex={-1}`) that takes focus once sent; a form that keeps its fields in view leaves it unset. */
    sentNoticeRef,
  };
}
