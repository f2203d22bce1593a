import type { ReplyTemplateFormItem } from "~/lib/reply-templates";

/**
 * The first reply templates (ADR 046). Migration 0014 inserts the same three
 * into databases made before them; admins change them at /admin/reply-templates.
 */
export const replyTemplates: ReplyTemplateFormItem[] = [
  {
    name: "Quote",
    channel: "whatsapp",
    subject: "",
    body: "Hello {name}, this is {agent} from Pravas. Thank you for your interest in {package}. I am putting your quote together for {travellers} for {departure} and will send it here shortly.",
  },
  {
    name: "First reply",
    channel: "whatsapp",
    subject: "",
    body: "Hello {name}, this is {agent} from Pravas. Thank you for your enquiry about {package}. When would be a good time to talk?",
  },
  {
    name: "Quote by e-mail",
    channel: "email",
    subject: "Your quote for {package}",
    body: "Dear {name},\n\nThank you for your enquiry about {package}. I am preparing your quote for {departure} and will send it to you shortly.\n\nIf you have any questions in the meantime, just reply to this e-mail.\n\nWarm regards,\n{agent}\nPravas",
  },
];
