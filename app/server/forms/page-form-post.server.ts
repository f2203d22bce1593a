import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { FETCHER_POST_FIELD, type PageFormResult } from "~/lib/page-form";
import { STORAGE_UNAVAILABLE_MESSAGE } from "~/server/http.server";
import { getLogger } from "~/server/logger.server";
import { HONEYPOT_FIELD, isHoneypotFilled, readBody } from "./form-input.server";
import { checkPageFormPost, type FormPoster } from "./form-post.server";
import { RATE_LIMITED_MESSAGE } from "./form-rate-limit.server";

/** What storing a valid post came to: sent (the thank-you, and where a post without JavaScript goes back to) or refused. */
type PageFormOutcome = { sent: string; redirectTo: string } | { refused: string; status: number; field?: string };

/**
 * A public page form's one route action (ADR 068), for the fetcher post and
 * the post without JavaScript alike: POST and the form budget, a readable
 * body, the honeypot (a bot is thanked and nothing is stored), the input's Zod
 * schema through Conform, then `store`. A fetcher gets the thank-you as data
 * and the form resets; a post without JavaScript is redirected back (303).
 * Anything not stored comes back with what was typed: inline errors (400),
 * the budget spent (429), the store's refusal, or the database down (503).
 */
export async function answerPageFormPost<Schema extends z.ZodType<Record<string, unknown>>>(request: Request, poster: FormPoster, form: PageForm<Schema>) {
  return answerPageForm(await readPageFormPost(request, poster), form);
}

type PageForm<Schema extends z.ZodType<Record<string, unknown>>> = {
  what: string;
  schema: Schema;
  /** The honeypot's answer: looks like success. */
  honeypot: { sent: string; redirectTo: string };
  /** `requestId`: store it with the row, and store nothing new when a row already has it (ADR 093). */
  store: (input: z.output<Schema>, requestId: string | null) => Promise<PageFormOutcome>;
  /** One failure text for a spent budget and a database down, where the spec words it so (the contact form). */
  failed?: string;
};

type PageFormPost = { allowed: boolean; body: Record<string, unknown>; requestId: string | null };

/** POST only, one post from the client's form budget, and the body (for a page whose forms differ by a field). */
export async function readPageFormPost(request: Request, poster: FormPoster): Promise<PageFormPost> {
  const { allowed } = await checkPageFormPost(request, poster.clientIp);
  return { allowed, body: (await readBody(request)) ?? {}, requestId: poster.requestId ?? null };
}

/** answerPageFormPost once the post is read. */
export async function answerPageForm<Schema extends z.ZodType<Record<string, unknown>>>({ allowed, body, requestId }: PageFormPost, form: PageForm<Schema>) {
  const byFetcher = body[FETCHER_POST_FIELD] === "1";
  const fields = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === "string" && name !== FETCHER_POST_FIELD && name !== HONEYPOT_FIELD) fields.append(name, value);
  }
  // The schemas read form strings themselves (as the JSON API's do): no coercion by Conform.
  const submission = parseWithZod(fields, { schema: form.schema, disableAutoCoercion: true });
  const sent = (outcome: { sent: string; redirectTo: string }) =>
    byFetcher ? data<PageFormResult>({ result: submission.reply({ resetForm: true }), sent: outcome.sent }) : redirect(outcome.redirectTo, 303);
  const failed = (message: string, status: number) => data<PageFormResult>({ result: submission.reply(), failed: message }, { status });

  if (!allowed) return failed(form.failed ?? RATE_LIMITED_MESSAGE, 429);
  if (isHoneypotFilled(body)) return sent(form.honeypot);
  if (submission.status !== "success") return data<PageFormResult>({ result: submission.reply() }, { status: 400 });
  try {
    const outcome = await form.store(submission.value, requestId);
    if ("sent" in outcome) return sent(outcome);
    // A refusal about one field (a review's photo, ADR 118) shows beside it, like the schema's errors.
    if (outcome.field)
      return data<PageFormResult>({ result: submission.reply({ fieldErrors: { [outcome.field]: [outcome.refused] } }) }, { status: outcome.status });
    return failed(outcome.refused, outcome.status);
  } catch (error) {
    getLogger().error({ err: error }, `${form.what} could not be stored`);
    return failed(form.failed ?? STORAGE_UNAVAILABLE_MESSAGE, 503);
  }
}
