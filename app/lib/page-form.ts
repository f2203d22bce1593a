import type { SubmissionResult } from "@conform-to/react";

/**
 * What a public page form's route action answers (ADR 068): Conform's result
 * (inline errors and what was typed), and the notice to show, sent or failed.
 * One shape for the fetcher post and for the post without JavaScript.
 */
export type PageFormResult = {
  result?: SubmissionResult<string[]>;
  /** Stored: the thank-you, shown in a status region. */
  sent?: string;
  /** Not stored (form budget spent, database down, network down): shown in an alert; the fields keep what was typed. */
  failed?: string;
};

/**
 * A hidden field the form adds once its scripts run: the action then answers
 * with data for the fetcher, where a post without JavaScript is redirected
 * back to the page (post, redirect, get).
 */
export const FETCHER_POST_FIELD = "_fetcher";

const PAGE_FORM_FAILED = "Something went wrong. Please try again.";

/**
 * The route's clientAction for a page form: the server action, or, when the
 * network or the server fails outright, a failure notice instead of the error
 * page, so the form stays on screen with what was typed.
 */
export async function postPageForm(serverAction: () => Promise<PageFormResult>): Promise<PageFormResult> {
  try {
    return await serverAction();
  } catch {
    return { failed: PAGE_FORM_FAILED };
  }
}
