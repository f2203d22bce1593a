import { z } from "zod";
import { REPLY_CHANNELS, REPLY_PLACEHOLDERS, TEMPLATE_BODY_MAX, TEMPLATE_NAME_MAX, TEMPLATE_SUBJECT_MAX, TEMPLATES_MAX } from "./reply-text";
import { toSingleLine } from "./single-line";

/**
 * Reply templates (issue 23, ADR 046): one schema for the admin form and its
 * action, and the enquiry page's record of a sent reply. The words and links
 * are in reply-text.ts (no Zod, for the enquiry page).
 */
export * from "./reply-text";

const text = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, `At most ${max} characters.`);

/** A placeholder the page does not know ("{nmae}") is refused, so a typo never reaches a customer. */
function knownPlaceholders(value: string) {
  return (value.match(/\{[^{}\s]*\}/g) ?? []).every((token) => (REPLY_PLACEHOLDERS as readonly string[]).includes(token));
}
const PLACEHOLDER_ERROR = `Use only ${REPLY_PLACEHOLDERS.join(", ")} in braces.`;

export const replyTemplateSchema = z
  .object({
    name: z.preprocess(toSingleLine, text(TEMPLATE_NAME_MAX, "Name the template.")),
    channel: z.enum(REPLY_CHANNELS, { error: "Choose WhatsApp or e-mail." }),
    subject: z
      .preprocess(
        toSingleLine,
        z.string().trim().max(TEMPLATE_SUBJECT_MAX, `At most ${TEMPLATE_SUBJECT_MAX} characters.`).refine(knownPlaceholders, PLACEHOLDER_ERROR),
      )
      .default(""),
    body: text(TEMPLATE_BODY_MAX, "Write the message.").refine(knownPlaceholders, PLACEHOLDER_ERROR),
  })
  .superRefine(
    (item, ctx) => {
      if (item.channel === "email" && !item.subject?.trim()) ctx.addIssue({ code: "custom", path: ["subject"], message: "An e-mail needs a subject." });
    },
    // Said together with the other fields' errors, not only once they are fixed.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );

export const replyTemplateListSchema = z.object({
  templates: z
    .array(replyTemplateSchema)
    .max(TEMPLATES_MAX, `At most ${TEMPLATES_MAX} templates.`)
    .default([])
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        const key = item.name.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: "custom", path: [index, "name"], message: "Another template has this name." });
        seen.add(key);
      });
    }),
});

export type ReplyTemplateInput = z.infer<typeof replyTemplateSchema>;

/** What the enquiry page posts to /admin/enquiries/:id/reply-sent when a reply link is tapped. */
export const replySentSchema = z.object({
  // Absent when the channel has no template and the agent wrote the message.
  template: z.preprocess(toSingleLine, z.string().trim().max(TEMPLATE_NAME_MAX)).optional(),
  channel: z.enum(REPLY_CHANNELS, { error: "Choose WhatsApp or e-mail." }),
  // A checkbox: "on" when ticked, absent otherwise.
  markContacted: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()).default(false),
});

/** The answer of /admin/enquiries/:id/reply-sent: the notice to show. */
export type ReplySentAnswer = { message: string };
