import { redirect } from "react-router";
import type { AdminNotice } from "~/lib/admin-notice";
import { getEnv } from "~/server/env.server";

/**
 * Flash notices: an action that redirects (post/redirect/get) leaves its
 * message in a short-lived cookie; the admin layout's loader reads it and
 * clears it in the same response, so the message shows once, after the
 * redirect, with or without JavaScript. Reading and clearing a flash cookie
 * changes no data. Path=/admin keeps it off the public site.
 */
export const NOTICE_COOKIE = "pravas_notice";
const MAX_AGE_SECONDS = 60;

function cookieAttributes(maxAge: number): string {
  const secure = getEnv().SITE_URL.startsWith("https:") ? "; Secure" : "";
  return `Path=/admin; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

export function noticeCookie(notice: AdminNotice): string {
  const value = Buffer.from(JSON.stringify(notice)).toString("base64url");
  return `${NOTICE_COOKIE}=${value}; ${cookieAttributes(MAX_AGE_SECONDS)}`;
}

/** Redirects (303, so the browser follows with GET) and shows `notice` on the next page. */
export function redirectWithNotice(to: string, notice: AdminNotice, headers: HeadersInit = {}) {
  const all = new Headers(headers);
  all.append("Set-Cookie", noticeCookie(notice));
  return redirect(to, { status: 303, headers: all });
}

function parseNotice(raw: string): AdminNotice | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (!value || typeof value !== "object") return null;
    const { kind, message } = value as Record<string, unknown>;
    if ((kind !== "success" && kind !== "error") || typeof message !== "string") return null;
    return { kind, message: message.slice(0, 500) };
  } catch {
    return null;
  }
}

/** The pending notice, if any, and the header that clears it. */
export function takeNotice(request: Request): { notice: AdminNotice | null; headers: Headers } {
  const headers = new Headers();
  const cookie = request.headers.get("cookie") ?? "";
  const raw = cookie
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${NOTICE_COOKIE}=`))
    ?.slice(NOTICE_COOKIE.length + 1);
  if (raw === undefined) return { notice: null, headers };
  headers.append("Set-Cookie", `${NOTICE_COOKIE}=; ${cookieAttributes(0)}`);
  return { notice: parseNotice(raw), headers };
}
