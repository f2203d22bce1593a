import { describe, expect, it } from "vitest";
import { emailReplyHref, fillReply, replyTemplateListSchema, replyValues, sentReplyNote, whatsappReplyHref } from "./reply-templates";

describe("reply templates", () => {
  const values = replyValues({ firstName: "Asha", packageTitle: "Bali 7D/6N", preferredMonth: "2027-01" }, "Ravi Kumar");

  it("fills every placeholder, each as often as it appears, and leaves other braces alone", () => {
    expect(fillReply("Hi {name}! {package} in {departure}. {agent} ({name}) {price}", values)).toBe(
      "Hi Asha! Bali 7D/6N in January 2027. Ravi Kumar (Asha) {price}",
    );
  });

  it("reads well without a package or a month", () => {
    const none = replyValues({ firstName: "Meera", packageTitle: null, preferredMonth: null }, "Ravi");
    expect(fillReply("about {package} for {departure}", none)).toBe("about a holiday with us for dates that suit you");
  });

  it("says how many are travelling when the enquiry said it (issue 49), and reads well when it did not", () => {
    const three = replyValues({ firstName: "Asha", packageTitle: "Bali 7D/6N", preferredMonth: "2027-01", travellers: 3 }, "Ravi");
    expect(fillReply("your quote for {travellers} for {departure}", three)).toBe("your quote for 3 travellers for January 2027");
    expect(fillReply("{travellers}", replyValues({ firstName: "A", packageTitle: null, travellers: 1 }, "R"))).toBe("1 traveller");
    expect(fillReply("for {travellers}", replyValues({ firstName: "A", packageTitle: null, travellers: null }, "R"))).toBe("for your group");
  });

  it("builds a wa.me link to the enquirer's number and a mailto: link with subject and body", () => {
    const wa = new URL(whatsappReplyHref("98765 43210", "Hi Asha & co + 2"));
    expect(wa.origin + wa.pathname).toBe("https://wa.me/919876543210");
    expect(wa.searchParams.get("text")).toBe("Hi Asha & co + 2");
    const mail = emailReplyHref("asha@example.com", "Your quote", "Dear Asha,\n\nA + B");
    expect(mail.startsWith("mailto:asha@example.com?subject=Your%20quote&body=")).toBe(true);
    expect(decodeURIComponent(mail.split("body=")[1]!)).toBe("Dear Asha,\n\nA + B");
  });

  it("names the note after the template and the channel", () => {
    expect(sentReplyNote("Bali quote", "whatsapp")).toBe("Sent “Bali quote” on WhatsApp");
    expect(sentReplyNote("Quote by e-mail", "email")).toBe("Sent “Quote by e-mail” by e-mail");
  });

  it("refuses a duplicate name, an unknown placeholder and an e-mail without a subject", () => {
    const result = replyTemplateListSchema.safeParse({
      templates: [
        { name: "Quote", channel: "whatsapp", body: "Hi {name}" },
        { name: "quote", channel: "whatsapp", body: "Hi {nmae}" },
        { name: "Mail", channel: "email", subject: "", body: "Dear {name}" },
      ],
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(issues).toContain("templates.1.name: Another template has this name.");
    expect(issues).toContain("templates.1.body: Use only {name}, {package}, {departure}, {travellers}, {agent} in braces.");
    expect(issues).toContain("templates.2.subject: An e-mail needs a subject.");
  });
});
