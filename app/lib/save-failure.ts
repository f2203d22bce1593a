import { isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A save that did not reach the database: the network was down, the server did
 * not answer, or it failed (5xx). The form stays exactly as typed and says so,
 * with a Retry (issue 20, ADR 040). A refusal (a 4xx: invalid fields, a
 * conflict, no permission) is not a failure: the action answers it itself.
 */
export type SaveFailure = { saveFailure: { reason: "offline" | "network" | "server" | "timeout"; message: string } };

/** How long a save may go unanswered before it fails visibly, with Retry (issue 49: it spun forever on a frozen server). */
export const SAVE_TIMEOUT_MS = 20_000;

const MESSAGES: Record<SaveFailure["saveFailure"]["reason"], string> = {
  offline: "Something went wrong! You are offline, so nothing was saved. Everything you typed is still here: connect, then press Retry.",
  network: "Something went wrong! The server could not be reached, so nothing was saved. Everything you typed is still here: press Retry.",
  server: "Something went wrong! The server had a problem and nothing was saved. Everything you typed is still here: press Retry.",
  timeout:
    "Something went wrong! The server did not answer within 20 seconds, so your changes may not be saved. Everything you typed is still here: press Retry.",
};

const TIMED_OUT = Symbol("timed out");

export function saveFailure(reason: SaveFailure["saveFailure"]["reason"]): SaveFailure {
  return { saveFailure: { reason, message: MESSAGES[reason] } };
}

export function isSaveFailure(value: unknown): value is SaveFailure {
  return typeof value === "object" && value !== null && "saveFailure" in value;
}

/**
 * A route's `clientAction`: the server's action, but a failure to save comes
 * back as data for the page instead of unmounting it into the error boundary.
 * Redirects and 4xx answers pass through as before.
 */
export async function keepFormOnFailure<T>(serverAction: () => Promise<T>, timeoutMs = SAVE_TIMEOUT_MS): Promise<T | SaveFailure> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return saveFailure("offline");
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    // A server that accepted the request and then froze answers nothing: give up
    // after timeoutMs, as a dropped connection does (an answer after that is ignored).
    const timedOut = new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs)));
    const answer = await Promise.race([serverAction(), timedOut]);
    return answer === TIMED_OUT ? saveFailure("timeout") : answer;
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isRouteErrorResponse(error) && error.status < 500) throw error;
    if (typeof navigator !== "undefined" && navigator.onLine === false) return saveFailure("offline");
    return saveFailure(isRouteErrorResponse(error) || (error instanceof Error && !/fetch|network|load failed/i.test(error.message)) ? "server" : "network");
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `shouldRevalidate` of every route on a page that can fail to save (root, the
 * admin layout, the page): after a failure nothing is reloaded, since the
 * server that just failed would fail the reload too and replace the form.
 */
export function skipRevalidationAfterFailure({
  actionResult,
  defaultShouldRevalidate,
}: Pick<ShouldRevalidateFunctionArgs, "actionResult" | "defaultShouldRevalidate">) {
  return isSaveFailure(actionResult) ? false : defaultShouldRevalidate;
}

/** What an editor reads from its action: its own answers (errors, a conflict); a failure is AdminPage's notice. */
export function withoutSaveFailure<T>(actionData: T | undefined): Exclude<T, SaveFailure> | undefined {
  return isSaveFailure(actionData) ? undefined : (actionData as Exclude<T, SaveFailure> | undefined);
}

/** The values a failed save sent back (keepSentValuesOnFailure): the form shows them again, also without JavaScript. */
export function sentAfterFailure<V>(actionData: unknown): V | null {
  return isSaveFailure(actionData) && "sent" in actionData ? (actionData.sent as V) : null;
}
