import { z } from "zod";
import { inertSpreadsheetText, spreadsheetPhone } from "~/lib/spreadsheet-text";
import type { WebhookFormat } from "~/server/env.server";
import type { MailRef } from "./mailer.server";

/**
 * The enquiry as a webhook job's payload holds it (one shape);
 * WEBHOOK_FORMAT decides at send time how it goes on the wire.
 */
export const webhookPayloadSchema = z.object({
  event: z.literal("enquiry.created"),
  enquiry: z.object({ type: z.enum(["lead", "contact-message"]), id: z.number().int() }),
  source: z.enum(["popup", "package-enquiry", "seat-request", "contact"]),
  receivedAt: z.string(),
  name: z.string().max(1000),
  firstName: z.string().max(1000),
  lastName: z.string().max(1000),
  phone: z.string().max(1000),
  email: z.string().max(1000).nullable(),
  message: z.string().max(100_000).nullable(),
  package: z.object({ id: z.number().int(), title: z.string(), url: z.string() }).nullable(),
  travellers: z.number().int().nullable(),
  preferredMonth: z.string().nullable(),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/**
 * The old site's spreadsheet scripts read flat fields: the popup posted
 * { name, phone } and the contact form { firstName, lastName, email, phone,
 * message } (spec §7). Every enquiry carries all of them (as text, "" when
 * absent), so a script written for either form keeps appending rows.
 */
function flatWebhookFields(payload: WebhookPayload): Record<string, string> {
  // These formats exist to append spreadsheet rows: visitor text must not run
  // there as a formula (spreadsheet-text.ts, ADR 035).
  const text = inertSpreadsheetText;
  return {
    source: payload.source,
    receivedAt: payload.receivedAt,
    name: text(payload.name),
    firstName: text(payload.firstName),
    lastName: text(payload.lastName),
    email: text(payload.email ?? ""),
    phone: spreadsheetPhone(payload.phone),
    message: text(payload.message ?? ""),
    package: text(payload.package?.title ?? ""),
    packageUrl: payload.package?.url ?? "",
    travellers: payload.travellers === null ? "" : String(payload.travellers),
    preferredMonth: payload.preferredMonth ?? "",
  };
}

/** The request body and its type for each format. */
export function webhookBody(payload: WebhookPayload, format: WebhookFormat): { body: string; contentType: string } {
  switch (format) {
    case "json":
      return { body: JSON.stringify(payload), contentType: "application/json" };
    // What a browser's no-cors fetch of JSON sends: Apps Script reads it as e.postData.contents.
    case "sheet":
      return { body: JSON.stringify(flatWebhookFields(payload)), contentType: "text/plain;charset=utf-8" };
    // For scripts that read e.parameter.name and so on.
    case "form":
      return { body: new URLSearchParams(flatWebhookFields(payload)).toString(), contentType: "application/x-www-form-urlencoded" };
  }
}

export type WebhookSender = {
  /** Resolves once the endpoint answered 2xx; rejects on any other answer, a network error or the timeout. */
  send(payload: WebhookPayload, ref: MailRef, signal?: AbortSignal): Promise<{ id?: string }>;
};

const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * POSTs each enquiry to the webhook. Redirects are followed (an Apps Script
 * web app answers its POST with a 302 to the result). The delivery id header
 * is the same on every try, so a receiver can drop a repeat.
 */
export function createWebhookSender(options: { url: string; format: WebhookFormat; timeoutMs?: number; fetch?: typeof fetch }): WebhookSender {
  const doFetch = options.fetch ?? fetch;
  return {
    async send(payload, ref, signal) {
      const { body, contentType } = webhookBody(payload, options.format);
      const timeout = AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
      const deliveryId = `notification-${ref.id}-${ref.createdAt.getTime()}`;
      let response: Response;
      try {
        response = await doFetch(options.url, {
          method: "POST",
          headers: { "content-type": contentType, "user-agent": "Pravas-Webhook/1", "x-pravas-delivery": deliveryId },
          body,
          redirect: "follow",
          // The job's own signal too: a try the worker stopped (its lease lost) stops sending.
          signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
        });
      } catch (error) {
        throw new Error(`webhook: ${describeFetchError(error, options.timeoutMs ?? WEBHOOK_TIMEOUT_MS, signal)}`);
      }
      // Accepted on the status line: resolving now lets the worker mark it done at
      // once (ADR 050); the body is read only to release the connection.
      if (response.ok) {
        void response.arrayBuffer().catch(() => {});
        return { id: deliveryId };
      }
      // Read (and bound) the answer for last_error; only its start is kept.
      const answer = (await response.text().catch(() => "")).slice(0, 200).replace(/\s+/g, " ").trim();
      throw new Error(`webhook: HTTP ${response.status}${answer ? ` ${answer}` : ""}`);
    },
  };
}

function describeFetchError(error: unknown, timeoutMs: number, signal?: AbortSignal): string {
  if (signal?.aborted) return "stopped by the job worker";
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return `no answer within ${timeoutMs} ms`;
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause ? `${error.message} (${cause.code ?? cause.message ?? "unknown"})` : error.message;
  }
  return String(error);
}
