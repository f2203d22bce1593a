/** Where staff land after signing in when no (safe) redirectTo is given. */
export const ADMIN_HOME = "/admin/dashboard";

const BASE = "http://pravas.invalid";

/**
 * A redirectTo value made safe: a same-origin path under /admin/ (not the sign-in
 * page itself), or the dashboard. Rejects absolute and protocol-relative URLs,
 * backslashes, control characters, encoded slashes and dot segments.
 */
export function safeAdminRedirect(value: unknown): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return ADMIN_HOME;
  // Browsers treat "\" like "/" and drop tabs and newlines, turning "/\evil" into "//evil".
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return ADMIN_HOME;
  if (!value.startsWith("/admin/") || value.startsWith("//")) return ADMIN_HOME;
  if (/%(2f|5c|2e|00)/i.test(value)) return ADMIN_HOME;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return ADMIN_HOME;
  }
  if (url.origin !== BASE || !url.pathname.startsWith("/admin/")) return ADMIN_HOME;
  const target = url.pathname + url.search + url.hash;
  if (target !== value || url.pathname === "/admin/" || url.pathname.startsWith("/admin/logout")) return ADMIN_HOME;
  return target;
}
