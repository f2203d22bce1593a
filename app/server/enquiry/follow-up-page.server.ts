import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { enquiryName } from "~/lib/enquiry-format";
import { enquiryKey, type EnquiryRef } from "~/lib/enquiry-id";
import { followUpSchema, formatFollowUp, pickedTime, presetTime } from "~/lib/follow-up";
import { redirectWithNotice } from "~/server/admin/notice.server";
import { getEnquiry, type EnquiryContext } from "./enquiry-detail.server";
import { clearFollowUp, setFollowUp } from "./follow-up.server";

type FollowUpActionData = { intent: "follow-up"; errors: Record<string, string[] | null>; values: Record<string, string> };

const notFound = () => {
  throw data(null, { status: 404 });
};

/**
 * The enquiry page's "Call back" form (ADR 045): a one-tap choice, a picked
 * date and time (Indian time), or Clear. `now` is the server's clock.
 */
export async function handleFollowUpAction(form: FormData, ref: EnquiryRef, ctx: EnquiryContext, now: Date) {
  const page = `/admin/enquiries/${enquiryKey(ref)}`;
  const values = Object.fromEntries([...form].filter(([, value]) => typeof value === "string")) as Record<string, string>;
  const invalid = (errors: Record<string, string[] | null>) => data<FollowUpActionData>({ intent: "follow-up", errors, values }, { status: 400 });
  const submission = parseWithZod(form, { schema: followUpSchema });
  if (submission.status !== "success") return invalid(submission.reply().error ?? {});
  const input = submission.value;
  const enquiry = await getEnquiry(ref);
  if (!enquiry) return notFound();
  const name = enquiryName(enquiry);
  if (input.when === "clear") {
    const outcome = await clearFollowUp(ref, ctx);
    if (outcome === "not-found") return notFound();
    return redirectWithNotice(page, {
      kind: "success",
      message: outcome === "cleared" ? `Call-back date cleared: ${name}.` : `There was no call-back date: ${name}.`,
    });
  }
  let dueAt: Date;
  if (input.when === "pick") {
    const picked = pickedTime(input.date, input.time, now);
    if (typeof picked === "string") return invalid({ date: [picked] });
    dueAt = picked;
  } else {
    dueAt = presetTime(input.when, now);
  }
  if ((await setFollowUp(ref, { dueAt, reason: input.reason }, ctx)) === "not-found") return notFound();
  return redirectWithNotice(page, { kind: "success", message: `Call back ${formatFollowUp(dueAt, now)}: ${name}.` });
}
