import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { enquiryKey, type EnquiryRef } from "~/lib/enquiry-id";
import { ENQUIRY_STATUSES, NOTE_MAX, STATUS_LABELS } from "~/lib/enquiry-status";
import { redirectWithNotice } from "~/server/admin/notice.server";
import { fieldErrors, readBody, storableText } from "~/server/forms/form-input.server";
import { enquiryName } from "~/lib/enquiry-format";
import { replySentSchema, sentReplyNote, type ReplySentAnswer } from "~/lib/reply-templates";
import { jsonError, notFoundJson } from "~/server/http.server";
import { addNote, assignEnquiry, changeStatus, getEnquiry, recordReplySent, type EnquiryContext } from "./enquiry-detail.server";
import { handleFollowUpAction } from "./follow-up-page.server";
import { handleSeatAction } from "~/server/seat-request/seat-request-admin.server";

/** The detail page's forms, one schema each, told apart by `intent`. */
const enquiryActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("status"),
    status: z.enum(ENQUIRY_STATUSES, { error: "Choose a status from the list." }),
  }),
  z.object({
    intent: z.literal("assign"),
    // conform turns an empty select ("Nobody") into undefined.
    assignee: z.string().max(100).optional(),
  }),
  z.object({
    intent: z.literal("note"),
    note: z
      .string({ error: "Write the note first." })
      .transform(storableText)
      .pipe(z.string().trim().min(1, "Write the note first.").max(NOTE_MAX, `Keep the note under ${NOTE_MAX} characters.`)),
  }),
]);

export type EnquiryActionData = { intent: string; errors: Record<string, string[] | null>; values: Record<string, string> };

const notFound = () => {
  throw data(null, { status: 404 });
};

/** Posts of /admin/enquiries/:id: success redirects back with a notice (post/redirect/get). */
export async function handleEnquiryAction(request: Request, ref: EnquiryRef, ctx: EnquiryContext) {
  const form = await request.formData();
  const page = `/admin/enquiries/${enquiryKey(ref)}`;
  // The "Call back" form (ADR 045) has its own schema and handler.
  if (form.get("intent") === "follow-up") return handleFollowUpAction(form, ref, ctx, ctx.now ?? new Date());
  // A seat request's Decline (ADR 059); booking it is the booking form's (ADR 088).
  if (form.get("intent") === "seat-cancel" && ref.kind === "lead") return handleSeatAction(ref.id, page);
  const submission = parseWithZod(form, { schema: enquiryActionSchema });
  if (submission.status !== "success") {
    const values = Object.fromEntries([...form].filter(([, value]) => typeof value === "string")) as Record<string, string>;
    return data<EnquiryActionData>({ intent: String(form.get("intent") ?? ""), errors: submission.reply().error ?? {}, values }, { status: 400 });
  }
  const input = submission.value;
  // Notices name the enquiry as people say it ("Status changed to Contacted: Asha Rao's enquiry about Bali").
  const enquiry = await getEnquiry(ref);
  if (!enquiry) return notFound();
  const name = enquiryName(enquiry);
  if (input.intent === "status") {
    const outcome = await changeStatus(ref, input.status, ctx);
    if (outcome === "not-found") return notFound();
    const label = STATUS_LABELS[input.status];
    return redirectWithNotice(page, {
      kind: "success",
      message: outcome === "changed" ? `Status changed to ${label}: ${name}.` : `The status is already ${label}: ${name}.`,
    });
  }
  if (input.intent === "assign") {
    const outcome = await assignEnquiry(ref, input.assignee || null, ctx);
    if (outcome === "not-found") return notFound();
    if (outcome === "unknown-user") {
      return data<EnquiryActionData>({ intent: "assign", errors: { assignee: ["Choose a team member from the list."] }, values: {} }, { status: 400 });
    }
    return redirectWithNotice(page, { kind: "success", message: input.assignee ? `Assignment saved: ${name}.` : `Nobody is assigned to ${name} now.` });
  }
  if (!(await addNote(ref, input.note, ctx))) return notFound();
  return redirectWithNotice(page, { kind: "success", message: `Note added to ${name}.` });
}

/**
 * POST /admin/enquiries/:id/reply-sent, a reply link's record (ADR 046): the
 * note, and New → Contacted when asked. JSON, read by a plain fetch, so the
 * page stays as it is (and no router hook reaches the public pages' bundle).
 */
export async function handleReplySent(request: Request, ref: EnquiryRef, ctx: EnquiryContext): Promise<Response> {
  const parsed = replySentSchema.safeParse((await readBody(request)) ?? {});
  if (!parsed.success) return jsonError(400, "Choose WhatsApp or e-mail.", fieldErrors(parsed.error));
  const enquiry = await getEnquiry(ref);
  const outcome = enquiry ? await recordReplySent(ref, parsed.data, ctx) : null;
  if (!enquiry || !outcome) return notFoundJson("Enquiry");
  const name = enquiryName(enquiry);
  const sent = sentReplyNote(parsed.data.template, parsed.data.channel);
  const message = outcome.contacted ? `${sent}: noted, and ${name} is Contacted now.` : `${sent}: noted on ${name}.`;
  return Response.json({ message } satisfies ReplySentAnswer, { headers: { "Cache-Control": "no-store" } });
}
