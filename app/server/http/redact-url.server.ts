/**
 * Addresses as the logs may keep them: no secret of a link survives (ASVS
 * V7.1). The token of a set-password link is a path segment
 * (`/admin/reset-password/<token>`, and its `.data` twin); any query parameter
 * named like a secret is replaced too, wherever it appears (ADR 032). The
 * trip page's and the review form's tokens likewise (ADR 108, 116).
 */
const SECRET_PARAM = /token|secret|passw|pwd|key|code|sig|auth|session|otp/i;
const SECRET_SEGMENT = /^(\/admin\/reset-password\/|\/trip\/|\/review\/)[^/?#]+?(\.data)?(?=$|[/?#])/i;
const REDACTED = "[redacted]";
const SECRET_SEGMENT_ANYWHERE = /(\/admin\/reset-password\/|\/trip\/|\/review\/)[^/?#,&\s]+/gi;

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

export function redactUrlForLog(url: string): string {
  const queryAt = url.indexOf("?");
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? "" : url.slice(queryAt + 1);
  const safePath = path.replace(SECRET_SEGMENT, (_match, prefix: string, data = "") => `${prefix}${REDACTED}${data}`);
  if (!query) return safePath + (queryAt < 0 ? "" : "?");
  const safeQuery = query
    .split("&")
    .map((pair) => {
      const at = pair.indexOf("=");
      const rawName = at < 0 ? pair : pair.slice(0, at);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " "));
      } catch {
        // an undecodable name is judged as written
      }
      if (at < 0) return pair;
      if (SECRET_PARAM.test(name)) return `${rawName}=${REDACTED}`;
      // A value may name the page's own address: React Router's route discovery
      // (`/__manifest?paths=…`) lists the set-password path with its token.
      const value = pair.slice(at + 1);
      if (!/reset-password|\/trip\/|\/review\//i.test(decodeSafely(value))) return pair;
      return `${rawName}=${encodeURIComponent(decodeSafely(value).replace(SECRET_SEGMENT_ANYWHERE, `$1${REDACTED}`))}`;
    })
    .join("&");
  return `${safePath}?${safeQuery}`;
}
